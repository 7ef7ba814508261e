// The built-in email-and-password form (used when no OIDC provider is configured): sign in or sign up.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { passwordSignIn, passwordSignUp, profileQuery } from "@/api/auth";
import { errorMessage } from "@/api/client";
import { PASSWORD_BLANK_MESSAGE } from "@/api/messages";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/field";
import { Input } from "@/components/ui/input";

const schema = z.object({
  name: z.string().trim().max(100).optional(),
  email: z.email("Enter a valid email address"),
  password: z.string().min(8, "Password must be at least 8 characters").max(128),
});
// Signing up also needs a name and a real password; checked with the other fields so every error shows
// at once. The server also refuses the most common passwords, and its message shows below the form.
const signUpSchema = schema.extend({
  name: z.string().trim().min(1, "Enter your name").max(100),
  password: schema.shape.password.refine((password) => password.trim() !== "", PASSWORD_BLANK_MESSAGE),
});
type Values = z.infer<typeof schema>;

export function PasswordForm({ redirect }: { redirect: string }) {
  const [mode, setMode] = useState<"sign-in" | "sign-up">("sign-in");
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useForm<Values>({
    resolver: (values, context, options) => zodResolver(mode === "sign-up" ? signUpSchema : schema)(values, context, options),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { user } =
        mode === "sign-up" ? await passwordSignUp(values) : await passwordSignIn(mode, { email: values.email, password: values.password });
      queryClient.setQueryData(profileQuery.queryKey, user);
      router.history.push(redirect);
    } catch (error) {
      // The server's refusal (a taken email, a common password) shows below the form until the next try.
      form.setError("root", { message: errorMessage(error, mode === "sign-up" ? "Sign up failed" : "Sign in failed") });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={mode === "sign-in" ? "Sign in" : "Sign up"}>
      {mode === "sign-up" && (
        <Field id="name" label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
        </Field>
      )}
      <Field id="email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
      </Field>
      <Field
        id="password"
        label="Password"
        error={errors.password?.message}
        hint={mode === "sign-up" && !errors.password ? "At least 8 characters; common passwords are refused." : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
            {...form.register("password")}
          />
        )}
      </Field>
      {errors.root && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {mode === "sign-in" ? "Sign In" : "Sign Up"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {mode === "sign-in" ? "Don't have an account? " : "Already have an account? "}
        <button
          type="button"
          className="font-medium text-foreground underline underline-offset-4"
          onClick={() => {
            form.clearErrors();
            setMode(mode === "sign-in" ? "sign-up" : "sign-in");
          }}
        >
          {mode === "sign-in" ? "Sign up for free" : "Sign in"}
        </button>
      </p>
    </form>
  );
}
