// Auth step: detected methods or 'Public API', the auth type, managed or passthrough, and for managed
// the access-token checklist with '+ Create New Token'; all of them fields of the wizard's draft form.
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "@/components/icons";
import { useState } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { AUTH_TYPES, type AuthAnalysis, type AuthStrategy } from "@/api/auth-config";
import { isUsable, tokensQuery } from "@/api/tokens";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { TokenCreatedDialog } from "../tokens/token-created-dialog";
import { AUTH_TYPE_LABELS, type AuthDraft } from "./auth-draft";
import { CreateTokenDialog } from "./create-token-dialog";
import { rememberFreshToken } from "../tokens/fresh-tokens";

type Props = {
  analysis: AuthAnalysis;
  serverId: string;
  serverName: string;
  onPassthrough: () => void;
};

const STRATEGIES: { value: AuthStrategy; title: string; text: string }[] = [
  {
    value: "managed",
    title: "Managed",
    text: "Toolport stores the API credentials; MCP clients call the server with a Toolport access token.",
  },
  { value: "passthrough", title: "Passthrough", text: "Each MCP client sends its own API credentials, which are passed on to the API." },
];

export function AuthStep({ analysis, serverId, serverName, onPassthrough }: Props) {
  const { control } = useFormContext<AuthDraft>();
  const strategy = useWatch({ control, name: "strategy" });
  return (
    <div className="space-y-6">
      <DetectedAuth candidates={analysis.authCandidates} />
      <AuthTypeChoice detected={new Set(analysis.authCandidates.map((c) => c.type))} />
      <StrategyChoice onPassthrough={onPassthrough} />
      {strategy === "managed" && <AccessTokens serverId={serverId} serverName={serverName} />}
    </div>
  );
}

/** The authentication the description declares, or 'Public API' when it declares none. */
function DetectedAuth({ candidates }: { candidates: AuthAnalysis["authCandidates"] }) {
  return (
    <section className="space-y-2">
      <h3 className="font-medium">Detected authentication</h3>
      {candidates.length === 0 ? (
        <p className="flex items-center gap-2 rounded-md border bg-green-50 p-3 text-sm text-green-900">
          <ShieldCheck className="size-4" aria-hidden /> Public API
        </p>
      ) : (
        <ul className="space-y-1 text-sm">
          {candidates.map((c, i) => (
            <li key={`${c.type}-${c.schemeName ?? i}`} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
              <Badge variant="secondary">{AUTH_TYPE_LABELS[c.type] ?? c.type}</Badge>
              {c.schemeName && c.schemeName !== "hint" && <code className="text-xs">{c.schemeName}</code>}
              {c.name && (
                <span className="text-muted-foreground">
                  {c.in ? `${c.in}: ` : ""}
                  {c.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One radio per authentication type, the detected ones marked. */
function AuthTypeChoice({ detected }: { detected: Set<string> }) {
  const { control, register } = useFormContext<AuthDraft>();
  const authType = useWatch({ control, name: "authType" });
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-medium">Authentication type</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Authentication type">
        {AUTH_TYPES.map((type) => (
          <label
            key={type}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm ${authType === type ? "border-primary bg-primary/5" : ""}`}
          >
            <input type="radio" value={type} {...register("authType")} className="accent-primary" />
            {AUTH_TYPE_LABELS[type]}
            {detected.has(type) && (
              <Badge variant="outline" className="text-[10px]">
                Detected
              </Badge>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Managed (Toolport keeps the credentials) or passthrough (each client brings its own). */
function StrategyChoice({ onPassthrough }: { onPassthrough: () => void }) {
  const { control, register } = useFormContext<AuthDraft>();
  const strategy = useWatch({ control, name: "strategy" });
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-medium">Strategy</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {STRATEGIES.map((s) => (
          <label
            key={s.value}
            className={`flex cursor-pointer gap-3 rounded-md border p-3 ${strategy === s.value ? "border-primary bg-primary/5" : ""}`}
          >
            <input
              type="radio"
              value={s.value}
              {...register("strategy", { onChange: (e) => (e.target.value as AuthStrategy) === "passthrough" && onPassthrough() })}
              className="mt-1 accent-primary"
              aria-label={s.title}
            />
            <span>
              <span className="block text-sm font-medium">{s.title}</span>
              <span className="block text-xs text-muted-foreground">{s.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** For a managed server: the usable tokens to assign, and '+ Create New Token', which assigns the new one. */
function AccessTokens({ serverId, serverName }: { serverId: string; serverName: string }) {
  const tokens = useQuery(tokensQuery);
  const [creating, setCreating] = useState(false);
  const [newToken, setNewToken] = useState<string | null>(null);
  const { control, getValues, setValue } = useFormContext<AuthDraft>();
  const usable = (tokens.data ?? []).filter(isUsable);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-medium">Access tokens</legend>
      {tokens.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading tokens...
        </p>
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load tokens
        </p>
      ) : usable.length === 0 ? (
        <p className="text-sm text-muted-foreground">No active tokens yet. Create one for this server.</p>
      ) : (
        <Controller
          control={control}
          name="tokenIds"
          render={({ field }) => (
            <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2" aria-label="Access tokens">
              {usable.map((t) => (
                <li key={t.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`wizard-token-${t.id}`}
                    checked={field.value.includes(t.id)}
                    onCheckedChange={() =>
                      field.onChange(field.value.includes(t.id) ? field.value.filter((id) => id !== t.id) : [...field.value, t.id])
                    }
                  />
                  <label htmlFor={`wizard-token-${t.id}`} className="cursor-pointer text-sm">
                    {t.name || "Unnamed Token"}
                  </label>
                </li>
              ))}
            </ul>
          )}
        />
      )}
      <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={() => setCreating(true)}>
        + Create New Token
      </button>
      <CreateTokenDialog
        open={creating}
        onOpenChange={setCreating}
        serverId={serverId}
        serverName={serverName}
        onCreated={(id, token) => {
          if (id) setValue("tokenIds", [...getValues("tokenIds").filter((t) => t !== id), id]);
          setNewToken(token);
          rememberFreshToken(serverId, token);
        }}
      />
      <TokenCreatedDialog token={newToken} onClose={() => setNewToken(null)} />
    </fieldset>
  );
}
