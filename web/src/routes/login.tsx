// /login: the sign-in card, or the built-in email-and-password form (?method=password).
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "@/features/auth/login-page";

const search = z.object({
  redirect: z.string().optional().catch(undefined),
  method: z.enum(["password"]).optional().catch(undefined),
});

export const Route = createFileRoute("/login")({
  validateSearch: search,
  component: function LoginRoute() {
    const { redirect, method } = Route.useSearch();
    return <LoginPage redirect={redirect} method={method} />;
  },
});
