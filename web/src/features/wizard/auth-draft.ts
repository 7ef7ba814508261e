// The auth, parameters and credentials steps edit one draft; it is seeded from the analysis (create)
// or the saved config and assigned tokens (edit), and saved once at the end (spec §4).
import type { AuthAnalysis, AuthConfig, AuthStrategy, AuthType, ParameterCandidate, Secrets } from "@/api/auth-config";
import type { Tool } from "@/api/tools";

export type AuthDraft = {
  authType: AuthType;
  strategy: AuthStrategy;
  tokenIds: string[];
  /** Parameters fixed per server, in display order. */
  staticParams: ParameterCandidate[];
  values: Record<string, string>;
  secrets: Secrets;
};

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

/** Spec §5 has two wordings: the first when creating a server, the second when configuring one. */
export const TOKEN_REQUIRED_MESSAGE = {
  create: "Managed authentication requires at least one access token of the product. Please select existing tokens or create a new one.",
  edit: "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.",
} as const;
export const credentialsRequiredMessage = (label: string) =>
  `Managed authentication requires API credentials. Please provide the ${label} for the target API.`;
export const staticValuesMessage = (names: string[]) => `Please provide values for all static parameters: ${names.join(", ")}`;

const knownType = (t: string): AuthType => (["none", "apiKey", "bearer", "basic", "oauth2"].includes(t) ? (t as AuthType) : t.startsWith("oauth") ? "oauth2" : "none");

/** The first draft: the saved config when there is one, else the first detected candidate with managed;
 * tokens already assigned to the server stay selected either way. */
export function initialDraft(analysis: AuthAnalysis, saved: AuthConfig | null, assignedTokenIds: string[]): AuthDraft {
  if (saved) {
    const metadata = new Map(saved.authContextMetadata.map((m) => [m.name, m]));
    const staticParams = Object.keys(saved.authContextValues).map(
      (name) => metadata.get(name) ?? analysis.authContext.find((c) => c.name === name) ?? { name, type: "string", reason: "Chosen by you", confidence: 1 },
    );
    return { authType: knownType(saved.authType), strategy: saved.authStrategy, tokenIds: assignedTokenIds, staticParams, values: { ...saved.authContextValues }, secrets: {} };
  }
  return {
    authType: knownType(analysis.authCandidates[0]?.type ?? "none"),
    strategy: "managed",
    tokenIds: assignedTokenIds,
    staticParams: analysis.authContext,
    values: {},
    secrets: {},
  };
}

/** Dynamic parameters: the functional candidates first, then every other tool argument. */
export function dynamicParams(analysis: AuthAnalysis, tools: Tool[], staticParams: ParameterCandidate[]): ParameterCandidate[] {
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

/** Static parameters still without a value. */
export const missingValues = (draft: AuthDraft) => draft.staticParams.filter((p) => !draft.values[p.name]?.trim()).map((p) => p.name);

/** The credentials message when a required secret is missing; a saved one of the same type counts (blank keeps it). */
export function missingCredentials(draft: AuthDraft, saved: AuthConfig | null): string | null {
  if (draft.strategy !== "managed" || draft.authType === "none") return null;
  const { fields, label } = SECRET_FIELDS[draft.authType];
  const kept = saved?.authType === draft.authType ? saved.maskedSecrets : {};
  return fields.every((f) => draft.secrets[f]?.trim() || kept[f]) ? null : credentialsRequiredMessage(label);
}
