// Portal API keys (Account → API Keys): list, create with scopes and expiry, show once, revoke; upgrade prompt without API access.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plus } from "@/components/icons";
import { useState } from "react";
import { toast } from "sonner";
import { type ApiKeyInfo, apiKeysQuery, revokeApiKey } from "@/api/api-keys";
import { subscriptionQuery } from "@/api/billing";
import { errorMessage } from "@/api/client";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TokenCreatedDialog } from "../tokens/token-created-dialog";
import { ApiKeyRow } from "./api-key-row";
import { CreateApiKeyDialog } from "./create-api-key-dialog";

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const subscription = useQuery(subscriptionQuery);
  const [creating, setCreating] = useState(false);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  // Only a loaded plan without API access blocks creation here; the API refuses it either way.
  const noApiAccess = subscription.data?.plan.features.apiAccess === false;

  const revoke = useMutation({
    mutationFn: (k: ApiKeyInfo) => revokeApiKey(k.id),
    onSuccess: () => toast.success("API key revoked successfully"),
    onError: (error) => toast.error(errorMessage(error, "Failed to revoke API key")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });

  return (
    <>
      <PageHeader
        title="Portal API keys"
        subtitle="Keys that scripts and CI use to call the portal's API (Authorization: Bearer tpk_…)."
        actions={
          <Button onClick={() => setCreating(true)} disabled={noApiAccess}>
            <Plus /> Create API key
          </Button>
        }
      />
      {noApiAccess && (
        <Card className="mb-4 gap-2 border-amber-300 bg-amber-50 p-4 text-sm">
          <p className="font-medium">Your plan does not include API access.</p>
          <p className="text-muted-foreground">
            Upgrade your plan to create API keys; existing keys are refused until then.{" "}
            <Link to="/usage" className="font-medium text-foreground underline">
              View plans
            </Link>
          </p>
        </Card>
      )}
      {keys.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          Loading API keys...
        </p>
      ) : keys.isError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
          {errorMessage(keys.error, "Failed to load API keys")}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="rounded-lg border border-dashed py-12 text-center text-muted-foreground">
          No API keys yet. Create one to script Toolport from CI.
        </p>
      ) : (
        <Card className="py-0">
          <ul className="divide-y" aria-label="API keys">
            {keys.data.map((apiKey) => (
              <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
            ))}
          </ul>
        </Card>
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} onCreated={setShownKey} />
      <TokenCreatedDialog token={shownKey} kind="key" onClose={() => setShownKey(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key"
        message={`Scripts using "${revoking?.name ?? ""}" will be refused from now on. Revoke it?`}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
        }}
      />
    </>
  );
}
