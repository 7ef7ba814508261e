// Access Tokens: the list, Generate Token, Manage Server Access, rotate and revoke with confirmations,
// and the OAuth-connected apps.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "@/components/icons";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/api/client";
import { revokeToken, rotateToken, tokensQuery, type TokenInfo } from "@/api/tokens";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConnectedApps } from "./connected-apps";
import { GenerateTokenDialog } from "./generate-token-dialog";
import { ManageAccessDialog } from "./manage-access-dialog";
import { TokenCreatedDialog } from "./token-created-dialog";
import { TokenRow } from "./token-row";

type Pending = { kind: "revoke" | "rotate"; token: TokenInfo } | null;

export function TokensPage() {
  const queryClient = useQueryClient();
  const tokens = useQuery(tokensQuery);
  const [generating, setGenerating] = useState(false);
  const [shownToken, setShownToken] = useState<string | null>(null);
  const [managing, setManaging] = useState<TokenInfo | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });

  const revoke = useMutation({
    mutationFn: (t: TokenInfo) => revokeToken(t.id),
    onSuccess: () => toast.success("Token revoked successfully"),
    onError: (error) => toast.error(errorMessage(error, "Failed to revoke token")),
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: (t: TokenInfo) => rotateToken(t.id),
    onSuccess: ({ token }) => {
      toast.success("Token rotated successfully");
      setShownToken(token);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to rotate token")),
    onSettled: refresh,
  });

  return (
    <>
      <PageHeader
        title="Access Tokens"
        subtitle="Tokens that MCP clients use to call your servers."
        actions={
          <Button onClick={() => setGenerating(true)}>
            <Plus /> Generate Token
          </Button>
        }
      />
      {tokens.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading tokens...
        </p>
      ) : tokens.isError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          {errorMessage(tokens.error, "Failed to load tokens")}
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="rounded-lg border border-dashed py-12 text-center text-muted-foreground">
          No access tokens yet. Generate one to let MCP clients call your servers.
        </p>
      ) : (
        <Card className="py-0">
          <ul className="divide-y" aria-label="Access tokens">
            {tokens.data.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                onManage={() => setManaging(token)}
                onRotate={() => setPending({ kind: "rotate", token })}
                onRevoke={() => setPending({ kind: "revoke", token })}
              />
            ))}
          </ul>
        </Card>
      )}
      <ConnectedApps />
      <GenerateTokenDialog open={generating} onOpenChange={setGenerating} onCreated={setShownToken} />
      <TokenCreatedDialog token={shownToken} onClose={() => setShownToken(null)} />
      <ManageAccessDialog token={managing} onClose={() => setManaging(null)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "rotate" ? "Rotate token" : "Revoke token"}
        message={
          pending?.kind === "rotate"
            ? "This will revoke the current token and generate a new one. Continue?"
            : "Are you sure you want to revoke this token?"
        }
        confirmLabel={pending?.kind === "rotate" ? "Rotate" : "Revoke"}
        onConfirm={() => {
          if (pending?.kind === "rotate") rotate.mutate(pending.token);
          else if (pending) revoke.mutate(pending.token);
          setPending(null);
        }}
      />
    </>
  );
}
