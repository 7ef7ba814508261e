// /oauth/consent: an MCP client asks to use a server on the signed-in user's behalf; the user sees the
// client, where it sends them back, the server and its tools, and approves or denies. Someone who may
// not approve sees only the server's public facts and why they cannot, and can send the app back.
import { useMutation, useQuery } from "@tanstack/react-query";
import { Loader2, ShieldAlert, ShieldCheck } from "@/components/icons";
import { profileQuery } from "@/api/auth";
import { errorMessage } from "@/api/client";
import { consentRequestQuery, decideConsent, type ConsentRequest } from "@/api/oauth";
import { Logo } from "@/components/layout/logo";
import { RedirectTo } from "@/components/layout/redirect-to";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { usePageTitle } from "@/lib/page-title";

export function ConsentPage({ requestId }: { requestId: string }) {
  // Signed out: sign in first, then come back to this same request.
  const profile = useQuery(profileQuery);
  usePageTitle("Authorize an app");
  const request = useQuery({ ...consentRequestQuery(requestId), enabled: !!requestId && !!profile.data });
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideConsent(requestId, approve),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
  if (profile.data === null) return <RedirectTo path={`/login?redirect=${encodeURIComponent(`/oauth/consent?request=${requestId}`)}`} />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-lg">
        <CardHeader className="justify-items-center text-center">
          <Logo />
        </CardHeader>
        {!requestId ? (
          <CardContent>
            <p role="alert" className="text-center text-sm text-destructive">
              This page needs an authorization request: start again from your app.
            </p>
          </CardContent>
        ) : profile.isError ? (
          <CardContent>
            <p role="alert" className="text-center text-sm text-destructive">
              {errorMessage(profile.error, "Authentication error")}
            </p>
          </CardContent>
        ) : profile.isPending || request.isPending ? (
          <CardContent className="flex justify-center py-8" role="status" aria-label="Loading the authorization request">
            <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
          </CardContent>
        ) : request.isError ? (
          <CardContent>
            <p role="alert" className="text-center text-sm text-destructive">
              {errorMessage(request.error, "Failed to load the authorization request")}
            </p>
          </CardContent>
        ) : (
          <ConsentCard
            request={request.data}
            busy={decide.isPending || decide.isSuccess}
            error={decide.isError ? errorMessage(decide.error, "Failed to answer the authorization request") : null}
            onDecide={(approve) => decide.mutate(approve)}
          />
        )}
      </Card>
    </main>
  );
}

type CardProps = { request: ConsentRequest; busy: boolean; error: string | null; onDecide: (approve: boolean) => void };

function ConsentCard({ request, busy, error, onDecide }: CardProps) {
  const { client, server, user } = request;
  return (
    <>
      <CardContent className="space-y-4 text-sm">
        <div className="text-center">
          <CardTitle className="text-lg">
            <h1>
              {client.name} wants to use {server.name}
            </h1>
          </CardTitle>
          <CardDescription className="break-all">
            {server.organizationName ? `${server.organizationName} · ${server.endpoint}` : server.endpoint}
          </CardDescription>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">App</dt>
          <dd className="break-all">
            {client.name}
            {client.uri && <span className="text-muted-foreground"> ({safeHost(client.uri)})</span>}
          </dd>
          <dt className="text-muted-foreground">Sends you back to</dt>
          <dd className="break-all">{client.redirectHost}</dd>
          <dt className="text-muted-foreground">Signed in as</dt>
          <dd className="break-all">{user.name ? `${user.name} (${user.email})` : user.email}</dd>
        </dl>
        {request.canApprove ? (
          <>
            <ToolList server={server} />
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <ShieldCheck className="size-4 shrink-0" aria-hidden /> You can revoke this access at any time under Access Tokens → Connected
              apps.
            </p>
          </>
        ) : (
          <CannotApprove reason={request.reason} />
        )}
        {error && (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        )}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onDecide(false)} disabled={busy}>
          {request.canApprove ? "Deny" : "Back to the app"}
        </Button>
        {request.canApprove && (
          <Button type="button" onClick={() => onDecide(true)} disabled={busy}>
            {busy ? "Connecting..." : "Approve"}
          </Button>
        )}
      </CardFooter>
    </>
  );
}

/** What the app will be able to call: shown only to someone who may approve. */
function ToolList({ server }: { server: ConsentRequest["server"] }) {
  const more = server.toolCount - server.tools.length;
  return (
    <section aria-labelledby="consent-tools" className="space-y-2">
      <h2 id="consent-tools" className="font-medium">
        It will be able to call these tools as you ({server.toolCount}):
      </h2>
      <ul aria-label="Tools" className="max-h-56 space-y-1 overflow-y-auto rounded-md border p-2">
        {server.tools.map((tool) => (
          <li key={tool.name} className="flex flex-wrap items-baseline gap-2">
            <code className="text-xs">{tool.name}</code>
            {tool.readOnly && (
              <Badge variant="outline" className="text-[10px]">
                read-only
              </Badge>
            )}
            <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{tool.description}</span>
          </li>
        ))}
        {more > 0 && <li className="text-xs text-muted-foreground">and {more} more</li>}
      </ul>
    </section>
  );
}

/** Someone who may not approve sees why, and what to do; the app gets a refusal when they go back. */
function CannotApprove({ reason }: { reason: string | null }) {
  return (
    <section
      role="alert"
      aria-labelledby="consent-refused"
      className="space-y-1 rounded-md border border-orange-300 bg-orange-50 p-3 text-orange-900"
    >
      <h2 id="consent-refused" className="flex items-center gap-2 font-medium">
        <ShieldAlert className="size-4 shrink-0" aria-hidden /> You cannot approve this request
      </h2>
      <p>{reason}</p>
      <p>Going back tells the app that access was not granted.</p>
    </section>
  );
}

const safeHost = (uri: string) => {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
};
