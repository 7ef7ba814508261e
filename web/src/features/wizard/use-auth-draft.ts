// Loads what the auth, parameters and credentials steps need and holds their one form (the draft);
// `save` assigns the chosen tokens and saves the auth config. Passthrough clears secrets and tokens.
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import {
  assignedTokensQuery,
  authAnalysisQuery,
  authConfigQuery,
  deleteAuthSecrets,
  saveAuthConfig,
  type Secrets,
} from "@/api/auth-config";
import { errorMessage } from "@/api/client";
import { assignTokenServers, isUsable, tokensQuery } from "@/api/tokens";
import { mappingsQuery } from "@/api/tools";
import { authDraftSchema, dynamicParams, initialDraft, staticPayload, valueKinds, type AuthDraft } from "./auth-draft";
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
  const kinds = useMemo(() => valueKinds(tools.data ?? []), [tools.data]);
  const form = useForm<AuthDraft>({
    // The saved secrets count for the credentials rule, and they change when deleted: read them at each check.
    resolver: (values, context, options) => zodResolver(authDraftSchema(mode, saved.data ?? null, kinds))(values, context, options),
    // The messages show in the wizard's box, not beside a field.
    shouldFocusError: false,
  });
  const [ready, setReady] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const savedTokenIds = mode === "edit" ? (assigned.data ?? []) : [];
  const loaded = analysis.isSuccess && (mode === "create" || (saved.isSuccess && assigned.isSuccess));

  useEffect(() => {
    if (!loaded || ready) return;
    form.reset(initialDraft(analysis.data, saved.data ?? null, savedTokenIds));
    setReady(true);
  }, [loaded, ready, form, analysis.data, saved.data, savedTokenIds]);

  const [strategy, authType, staticParams] = useWatch({ control: form.control, name: ["strategy", "authType", "staticParams"] });
  const loadError = [analysis, saved, assigned].find((q) => q.isError)?.error;

  return {
    form,
    ready,
    strategy: ready ? strategy : undefined,
    authType: ready ? authType : undefined,
    saved: saved.data ?? null,
    loadError: loadError ? errorMessage(loadError, "Failed to load authentication info") : null,
    retry: () => [analysis, saved, assigned].forEach((q) => q.isError && q.refetch()),
    dynamic: ready && analysis.data ? dynamicParams(analysis.data, tools.data ?? [], staticParams ?? []) : [],
    analysis: analysis.data,
    /** What each argument takes as a static value. */
    kinds,
    deleting,

    /** Passthrough sends no secrets and assigns no tokens here (edit mode keeps the saved assignment). */
    choosePassthrough() {
      form.setValue("secrets", {});
      form.setValue("tokenIds", savedTokenIds);
    },

    /** Removes the saved secrets; the config is then not_configured. */
    async deleteSecrets() {
      setDeleting(true);
      try {
        await deleteAuthSecrets(id);
        queryClient.setQueryData(
          authConfigQuery(id).queryKey,
          (old) => old && { ...old, maskedSecrets: {}, status: "not_configured" as const },
        );
        toast.success("Secrets deleted", { description: "Authentication secrets have been removed" });
      } catch (error) {
        toast.error(errorMessage(error, "Failed to delete secrets"));
      } finally {
        setDeleting(false);
      }
    },

    /** Assigns the selected tokens (managed only) and saves the config; throws with the message to show. */
    async save() {
      if (!ready || !serverId) return;
      const draft = form.getValues();
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
      const secrets = Object.fromEntries(Object.entries(draft.secrets).filter(([, v]) => v?.trim())) as Secrets;
      const config = await saveAuthConfig(
        serverId,
        {
          authType: draft.authType,
          authStrategy: draft.strategy,
          requireToolportLogin: saved.data?.requireToolportLogin ?? false,
          exposeToPublic: saved.data?.exposeToPublic ?? false,
          secrets: draft.strategy === "managed" && draft.authType !== "none" ? secrets : undefined,
          ...staticPayload(draft.staticParams),
        },
        updating ? "Failed to update authentication" : "Failed to configure authentication",
      );
      // What is saved now is the current config: masked secrets to show, blank fields keep them
      // (a wizard that created the server has no auth-config query of its own to refetch).
      if (config) queryClient.setQueryData(authConfigQuery(id).queryKey, config);
      // The first save configures authentication; later ones update it.
      if (updating) toast.success("Authentication configuration updated successfully");
      else toast.success("Authentication updated", { description: "Authentication configuration saved successfully" });
      await Promise.all([["servers"], tokensQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      form.setValue("secrets", {});
    },
  };
}

export type AuthDraftForm = ReturnType<typeof useAuthDraft>;
