// Sign-in completion: loading, error with details, redirect when signed in, or the issue message.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Loader2 } from "@/components/icons";
import { profileQuery } from "@/api/auth";
import { errorMessage } from "@/api/client";
import { RedirectTo } from "@/components/layout/redirect-to";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { safeRedirect } from "@/lib/format";

type Props = { redirect?: string; error?: string; errorDescription?: string };

function Screen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </main>
  );
}

const HomeLink = () => (
  <Link to="/" className="text-sm font-medium underline underline-offset-4">
    Go to homepage
  </Link>
);

export function AuthCallbackPage({ redirect, error, errorDescription }: Props) {
  const profile = useQuery({ ...profileQuery, enabled: !error });

  if (error || profile.isError) {
    const message = errorDescription ?? error ?? errorMessage(profile.error, "Sign in failed");
    return (
      <Screen title="Authentication Error">
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
        <details className="rounded-md border p-3 text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap">
            {JSON.stringify({ error: error ?? profile.error?.message, description: errorDescription }, null, 2)}
          </pre>
        </details>
        <HomeLink />
      </Screen>
    );
  }
  if (profile.isPending) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3" role="status">
        <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
        <p>Completing sign in...</p>
      </main>
    );
  }
  if (profile.data) return <RedirectTo path={safeRedirect(redirect)} />;
  return (
    <Screen title="Authentication Issue">
      <p>There was a problem completing your sign in.</p>
      <HomeLink />
    </Screen>
  );
}
