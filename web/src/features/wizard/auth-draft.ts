// The auth, parameters and credentials steps edit one form, the draft; it is seeded from the analysis
// (create) or the saved config and assigned tokens (edit), checked by one zod schema and saved once
// at the end.
import { z } from "zod";
import {
  AUTH_STRATEGIES,
  AUTH_TYPES,
  type AuthAnalysis,
  type AuthConfig,
  type AuthType,
  type ParameterCandidate,
  type Secrets,
} from "@/api/auth-config";
import { credentialsRequiredMessage, TOKEN_REQUIRED_MESSAGE as SERVER_TOKEN_REQUIRED_MESSAGE } from "@/api/messages";
import type { Tool } from "@/api/tools";
import { commonValueKind, staticValueProblem, type ValueKind, type ValueSchema } from "../../../../worker/lib/static-values";
import type { WizardMode } from "./steps";
import type { DraftIssues } from "./wizard-flow";

/** A parameter fixed per server, with the value typed for it. */
export type StaticParam = ParameterCandidate & { value: string };

const secret = z.string().max(10_000).optional();
const draftShape = z.object({
  authType: z.enum(AUTH_TYPES),
  strategy: z.enum(AUTH_STRATEGIES),
  tokenIds: z.array(z.string()),
  /** Parameters fixed per server, in display order. */
  staticParams: z.array(
    z.object({ name: z.string(), type: z.string(), reason: z.string(), confidence: z.number(), value: z.string().max(2000) }),
  ),
  secrets: z.object({ token: secret, key: secret, username: secret, password: secret, clientId: secret, clientSecret: secret }),
});
export type AuthDraft = z.infer<typeof draftShape>;

export const SECRET_FIELDS: Record<Exclude<AuthType, "none">, { fields: (keyof Secrets)[]; label: string }> = {
  bearer: { fields: ["token"], label: "Bearer Token" },
  apiKey: { fields: ["key"], label: "API Key" },
  basic: { fields: ["username", "password"], label: "Username and Password" },
  oauth2: { fields: ["clientId", "clientSecret"], label: "OAuth2 Client ID and Secret" },
};

export const AUTH_TYPE_LABELS: Record<string, string> = {
  none: "None",
  bearer: "Bearer Token",
  apiKey: "API Key",
  basic: "Basic Auth",
  oauth2: "OAuth2",
};

/** Two wordings: the first when creating a server, the second when configuring one. */
export const TOKEN_REQUIRED_MESSAGE = {
  create: "Managed authentication requires at least one access token of Toolport. Please select existing tokens or create a new one.",
  edit: SERVER_TOKEN_REQUIRED_MESSAGE,
} as const;
export { credentialsRequiredMessage };
export const staticValuesMessage = (names: string[]) => `Please provide values for all static parameters: ${names.join(", ")}`;

const knownType = (t: string): AuthType =>
  ["none", "apiKey", "bearer", "basic", "oauth2"].includes(t) ? (t as AuthType) : t.startsWith("oauth") ? "oauth2" : "none";

/** The first draft: the saved config when there is one, else the first detected candidate with managed;
 * tokens already assigned to the server stay selected either way. */
export function initialDraft(analysis: AuthAnalysis, saved: AuthConfig | null, assignedTokenIds: string[]): AuthDraft {
  if (saved) {
    const metadata = new Map(saved.authContextMetadata.map((m) => [m.name, m]));
    const staticParams = Object.keys(saved.authContextValues).map(
      (name) =>
        metadata.get(name) ??
        analysis.authContext.find((c) => c.name === name) ?? { name, type: "string", reason: "Chosen by you", confidence: 1 },
    );
    const withValue = staticParams.map((p) => ({ ...p, value: saved.authContextValues[p.name] ?? "" }));
    return {
      authType: knownType(saved.authType),
      strategy: saved.authStrategy,
      tokenIds: assignedTokenIds,
      staticParams: withValue,
      secrets: {},
    };
  }
  return {
    authType: knownType(analysis.authCandidates[0]?.type ?? "none"),
    strategy: "managed",
    tokenIds: assignedTokenIds,
    staticParams: analysis.authContext.map((p) => ({ ...p, value: "" })),
    secrets: {},
  };
}

/** Dynamic parameters: the functional candidates first, then every other tool argument. */
export function dynamicParams(analysis: AuthAnalysis, tools: Tool[], staticParams: { name: string }[]): ParameterCandidate[] {
  const taken = new Set([...staticParams.map((p) => p.name), ...analysis.credentials.map((p) => p.name)]);
  const list: ParameterCandidate[] = [];
  const add = (p: ParameterCandidate) => {
    if (taken.has(p.name)) return;
    taken.add(p.name);
    list.push(p);
  };
  [...analysis.functional, ...analysis.authContext].forEach(add);
  const uses = new Map<string, { type: string; count: number }>();
  for (const tool of tools) {
    for (const [name, schema] of Object.entries(tool.inputSchema?.properties ?? {})) {
      const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "string") : (schema.type ?? "string");
      uses.set(name, { type, count: (uses.get(name)?.count ?? 0) + 1 });
    }
  }
  [...uses.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
    .forEach(([name, u]) => add({ name, type: u.type, reason: `Used by ${u.count} ${u.count === 1 ? "tool" : "tools"}`, confidence: 0 }));
  return list;
}

/** What each tool argument takes as a static value, from every tool's schema of that argument. */
export function valueKinds(tools: Tool[]): Map<string, ValueKind> {
  const schemas = new Map<string, ValueSchema[]>();
  for (const tool of tools) {
    for (const [name, schema] of Object.entries(tool.inputSchema?.properties ?? {}))
      schemas.set(name, [...(schemas.get(name) ?? []), schema as ValueSchema]);
  }
  return new Map([...schemas].map(([name, list]) => [name, commonValueKind(list)]));
}

/** Whether a refusal shown by the wizard is the access-token rule (its own wording or the server's). */
export const isTokenRefusal = (message: string | null) =>
  message === TOKEN_REQUIRED_MESSAGE.create || message === TOKEN_REQUIRED_MESSAGE.edit;

/** Static parameters still without a value. */
export const missingValues = (draft: Pick<AuthDraft, "staticParams">) =>
  draft.staticParams.filter((p) => !p.value.trim()).map((p) => p.name);

/** The credentials message when a required secret is missing; a saved one of the same type counts (blank keeps it). */
export function missingCredentials(draft: Pick<AuthDraft, "strategy" | "authType" | "secrets">, saved: AuthConfig | null): string | null {
  if (draft.strategy !== "managed" || draft.authType === "none") return null;
  const { fields, label } = SECRET_FIELDS[draft.authType];
  const kept = saved?.authType === draft.authType ? saved.maskedSecrets : {};
  return fields.every((f) => draft.secrets[f]?.trim() || kept[f]) ? null : credentialsRequiredMessage(label);
}

/**
 * The draft's rules, each reported on the field of the step that fixes it: a managed server needs an
 * access token (auth), every static parameter a value (parameters), managed auth its credentials.
 */
export function authDraftSchema(mode: WizardMode, saved: AuthConfig | null, kinds: ReadonlyMap<string, ValueKind> = new Map()) {
  return draftShape.superRefine((draft, ctx) => {
    if (draft.strategy === "managed" && draft.tokenIds.length === 0)
      ctx.addIssue({ code: "custom", path: ["tokenIds"], message: TOKEN_REQUIRED_MESSAGE[mode] });
    const missing = missingValues(draft);
    if (missing.length) ctx.addIssue({ code: "custom", path: ["staticParams"], message: staticValuesMessage(missing) });
    const unsuited = draft.staticParams
      .map((p) => (p.value.trim() ? staticValueProblem(p.name, p.value, kinds.get(p.name) ?? { kind: "text" }) : null))
      .find(Boolean);
    if (!missing.length && unsuited) ctx.addIssue({ code: "custom", path: ["staticParams"], message: unsuited });
    const credentials = missingCredentials(draft, saved);
    if (credentials) ctx.addIssue({ code: "custom", path: ["secrets"], message: credentials });
  });
}

const STEP_OF_FIELD = { tokenIds: "auth", staticParams: "tools", secrets: "config" } as const;

type FieldError = { message?: string; root?: { message?: string } } | undefined;

/** The form's errors as the wizard's per-step messages (a field array keeps its own error under `root`). */
export function draftIssues(errors: Partial<Record<string, FieldError>>): DraftIssues {
  const issues: DraftIssues = {};
  for (const [field, step] of Object.entries(STEP_OF_FIELD)) {
    const message = errors[field]?.root?.message ?? errors[field]?.message;
    if (message) issues[step] = message;
  }
  return issues;
}

/** The saved form of the static parameters: values by name, and the metadata without the values. */
export function staticPayload(staticParams: StaticParam[]) {
  return {
    authContextValues: Object.fromEntries(staticParams.map((p) => [p.name, p.value.trim()])),
    authContextMetadata: staticParams.map(({ name, type, reason, confidence }): ParameterCandidate => ({ name, type, reason, confidence })),
  };
}
