// /login: a spinner while the auth state loads; the signed-in go back where they came from.
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "@/components/icons";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { profileQuery, signInMethodQuery, startLogin, toastAuthCheckFailed } from "@/api/auth";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { RedirectTo } from "@/components/layout/redirect-to";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { safeRedirect } from "@/lib/format";
import { usePageTitle } from "@/lib/page-title";
import { PasswordForm } from "./password-form";

export function LoginPage({ redirect, method }: { redirect?: string; method?: "password" }) {
  const profile = useQuery(profileQuery);
  const signInMethod = useQuery(signInMethodQuery);
  const navigate = useNavigate();
  const target = safeRedirect(redirect);
  // The built-in form opens in place; a provider (or an unknown method) is reached through /api/auth/login.
  const signIn = () =>
    signInMethod.data?.method === "password"
      ? void navigate({ to: "/login", search: { method: "password", ...(target !== "/" ? { redirect: target } : {}) } })
      : startLogin(target);
  usePageTitle(method === "password" ? "Sign in with email" : "Sign in");
  useEffect(() => {
    if (profile.error) toastAuthCheckFailed(profile.error);
  }, [profile.error]);

  if (profile.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
        <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
      </div>
    );
  }
  if (profile.data) return <RedirectTo path={target} />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <Logo />
          <CardTitle className="mt-2 text-xl">
            <h1>Welcome to Toolport</h1>
          </CardTitle>
          <CardDescription>Turn any API into a hosted MCP server.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {method === "password" ? (
            <PasswordForm redirect={target} />
          ) : (
            <>
              <Button className="w-full" onClick={signIn}>
                Sign In
              </Button>
              <p className="text-center text-sm text-muted-foreground">Don&apos;t have an account? Sign in to sign up for free.</p>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
