// Loads what the auth, parameters and credentials steps need and keeps their draft; `save` assigns
// the chosen tokens and saves the auth config (spec §4: passthrough clears secrets and tokens).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { assignedTokensQuery, authAnalysisQuery, authConfigQuery, deleteAuthSecrets, saveAuthConfig, type AuthStrategy, type AuthType, type ParameterCandidate, type Secrets } from "@/api/auth-config";
import { errorMessage } from "@/api/client";
import { assignTokenServers, isUsable, tokensQuery } from "@/api/tokens";
import { mappingsQuery } from "@/api/tools";
import { dynamicParams, initialDraft, type AuthDraft } from "./auth-draft";
import type { WizardMode } from "./steps";

export function useAuthDraft(serverId: string | null, mode: WizardMode) {
  const queryClient = useQueryClient();
  const id = serverId ?? "";
  const enabled = !!serverId;
  const analysis = useQuery({ ...authAnalysisQuery(id), enabled });
  // A server created in this wizard has no saved config or assigned tokens yet.
  const saved = useQuery({ ...authConfigQuery(id), enabled: enabled && mode === "edit" });
  const assigned = useQuery({ ...assignedTokensQuery(id), enabled: enabled && mode === "edit" });
  const tools = useQuery({ ...mappingsQuery(id), enabled });
  const [draft, setDraft] = useState<AuthDraft | null>(null);
  const [deleting, setDeleting] = useState(false);
  const savedTokenIds = mode === "edit" ? (assigned.data ?? []) : [];
  const ready = analysis.isSuccess && (mode === "create" || (saved.isSuccess && assigned.isSuccess));

  useEffect(() => {
    if (ready && !draft) setDraft(initialDraft(analysis.data, saved.data ?? null, savedTokenIds));
  }, [ready, draft, analysis.data, saved.data, savedTokenIds]);

  const update = (change: Partial<AuthDraft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const loadError = [analysis, saved, assigned].find((q) => q.isError)?.error;

  return {
    draft,
    saved: saved.data ?? null,
    loading: enabled && !draft && !loadError,
    loadError: loadError ? errorMessage(loadError, "Failed to load authentication info") : null,
    retry: () => [analysis, saved, assigned].forEach((q) => q.isError && q.refetch()),
    dynamic: draft && analysis.data ? dynamicParams(analysis.data, tools.data ?? [], draft.staticParams) : [],
    analysis: analysis.data,
    deleting,
    setType: (authType: AuthType) => update({ authType }),
    setStrategy: (strategy: AuthStrategy) =>
      update(strategy === "passthrough" ? { strategy, secrets: {}, tokenIds: savedTokenIds } : { strategy }),
    setTokens: (tokenIds: string[]) => update({ tokenIds }),
    setValue: (name: string, value: string) => setDraft((d) => (d ? { ...d, values: { ...d.values, [name]: value } } : d)),
    setSecret: (key: keyof Secrets, value: string) => setDraft((d) => (d ? { ...d, secrets: { ...d.secrets, [key]: value } } : d)),
    makeStatic: (p: ParameterCandidate) => setDraft((d) => (d ? { ...d, staticParams: [...d.staticParams, p] } : d)),
    makeDynamic: (name: string) => setDraft((d) => (d ? { ...d, staticParams: d.staticParams.filter((p) => p.name !== name) } : d)),

    /** Removes the saved secrets; the config is then not_configured. */
    async deleteSecrets() {
      setDeleting(true);
      try {
        await deleteAuthSecrets(id);
        queryClient.setQueryData(authConfigQuery(id).queryKey, (old) => old && { ...old, maskedSecrets: {}, status: "not_configured" as const });
        toast.success("Secrets deleted", { description: "Authentication secrets have been removed" });
      } catch (error) {
        toast.error(errorMessage(error, "Failed to delete secrets"));
      } finally {
        setDeleting(false);
      }
    },

    /** Assigns the selected tokens (managed only) and saves the config; throws with the message to show. */
    async save() {
      if (!draft || !serverId) return;
      if (draft.strategy === "managed") {
        const tokens = await queryClient.fetchQuery(tokensQuery);
        for (const token of tokens.filter(isUsable)) {
          const ids = token.serverAssignments.map((a) => a.serverId);
          const want = draft.tokenIds.includes(token.id);
          if (want === ids.includes(serverId)) continue;
          await assignTokenServers(token.id, want ? [...ids, serverId] : ids.filter((s) => s !== serverId));
        }
      }
      const updating = Boolean(saved.data);
      const values = Object.fromEntries(draft.staticParams.map((p) => [p.name, draft.values[p.name]?.trim() ?? ""]));
      const secrets = Object.fromEntries(Object.entries(draft.secrets).filter(([, v]) => v?.trim())) as Secrets;
      const config = await saveAuthConfig(serverId, {
        authType: draft.authType,
        authStrategy: draft.strategy,
        requireToolportLogin: saved.data?.requireToolportLogin ?? false,
        exposeToPublic: saved.data?.exposeToPublic ?? false,
        secrets: draft.strategy === "managed" && draft.authType !== "none" ? secrets : undefined,
        authContextValues: values,
        authContextMetadata: draft.staticParams,
      }, updating ? "Failed to update authentication" : "Failed to configure authentication");
      // What is saved now is the current config: masked secrets to show, blank fields keep them
      // (a wizard that created the server has no auth-config query of its own to refetch).
      if (config) queryClient.setQueryData(authConfigQuery(id).queryKey, config);
      // The first save configures authentication; later ones update it.
      if (updating) toast.success("Authentication configuration updated successfully");
      else toast.success("Authentication updated", { description: "Authentication configuration saved successfully" });
      await Promise.all(
        [["servers"], tokensQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      setDraft((d) => (d ? { ...d, secrets: {} } : d));
    },
  };
}
