// analyseAuth: how an API authenticates (security schemes, else hints), which parameters should be
// fixed per server (authContext, functional), which carry credentials, and the env vars to document.
import type { ParameterCandidate } from "../db/schema";
import type { OpenApiDocument } from "./load";
import { parameterCandidates } from "./parameter-candidates";
import type { AuthType, ToolDefinition } from "./types";
import { asString, isObject, isOneOf, type JsonObject, memberOf } from "./json-value";

export type AuthCandidate = {
  type: Exclude<AuthType, "none">;
  /** The security scheme's key in the description, or "hint" when guessed from parameters. */
  schemeName: string;
  source: "securitySchemes" | "hint";
  description?: string;
  /** apiKey: the header, query or cookie parameter name and where it goes. */
  name?: string;
  in?: "header" | "query" | "cookie";
  bearerFormat?: string;
  /** oauth2 / openIdConnect. */
  flows?: Record<string, { tokenUrl?: string; authorizationUrl?: string; refreshUrl?: string; scopes: string[] }>;
  tokenUrl?: string;
  authorizationUrl?: string;
  scopes?: string[];
  openIdConnectUrl?: string;
  /** How many operations require it (global requirements count for every operation). */
  usedBy: number;
  confidence: number;
};

export type EnvVarDoc = { name: string; description: string; authType: string; secret: boolean };

export type AuthAnalysis = {
  authCandidates: AuthCandidate[];
  authContext: ParameterCandidate[];
  credentials: ParameterCandidate[];
  functional: ParameterCandidate[];
  envVarDocs: EnvVarDoc[];
};

type ToolLike = Pick<ToolDefinition, "name" | "inputSchema" | "mapping">;

function candidateOf(key: string, scheme: JsonObject): AuthCandidate | null {
  const base = {
    schemeName: key,
    source: "securitySchemes" as const,
    usedBy: 0,
    confidence: 1,
    ...(typeof scheme.description === "string" ? { description: scheme.description.slice(0, 500) } : {}),
  };
  const type = String(scheme.type ?? "").toLowerCase();
  if (type === "apikey" && typeof scheme.name === "string") {
    const where = isOneOf(["header", "query", "cookie"], scheme.in) ? scheme.in : "header";
    return { ...base, type: "apiKey", name: scheme.name, in: where };
  }
  if (type === "http") {
    const httpScheme = String(scheme.scheme ?? "").toLowerCase();
    if (httpScheme === "bearer")
      return { ...base, type: "bearer", ...(scheme.bearerFormat ? { bearerFormat: String(scheme.bearerFormat) } : {}) };
    if (httpScheme === "basic") return { ...base, type: "basic" };
    return null;
  }
  if (type === "oauth2" && isObject(scheme.flows)) {
    const flows: AuthCandidate["flows"] = {};
    for (const [flow, f] of Object.entries(scheme.flows)) {
      if (!isObject(f)) continue;
      flows[flow] = {
        tokenUrl: asString(f.tokenUrl),
        authorizationUrl: asString(f.authorizationUrl),
        refreshUrl: asString(f.refreshUrl),
        scopes: isObject(f.scopes) ? Object.keys(f.scopes) : [],
      };
    }
    const preferred = flows.clientCredentials ?? flows.authorizationCode ?? flows.password ?? Object.values(flows)[0];
    return {
      ...base,
      type: "oauth2",
      flows,
      ...(preferred?.tokenUrl ? { tokenUrl: preferred.tokenUrl } : {}),
      ...(preferred?.authorizationUrl ? { authorizationUrl: preferred.authorizationUrl } : {}),
      scopes: [...new Set(Object.values(flows).flatMap((f) => f.scopes))],
    };
  }
  if (type === "openidconnect") return { ...base, type: "oauth2", openIdConnectUrl: asString(scheme.openIdConnectUrl) };
  return null;
}

/** Candidates from the description's security schemes, most used first. */
function schemeCandidates(document: OpenApiDocument, operationCount: number): AuthCandidate[] {
  const schemes = memberOf(document.components, "securitySchemes");
  if (!isObject(schemes)) return [];
  const candidates = new Map<string, AuthCandidate>();
  for (const [key, scheme] of Object.entries(schemes)) {
    const candidate = isObject(scheme) ? candidateOf(key, scheme) : null;
    if (candidate) candidates.set(key, candidate);
  }
  const count = (requirements: unknown, weight: number) => {
    if (!Array.isArray(requirements)) return;
    for (const req of requirements)
      if (isObject(req))
        for (const key of Object.keys(req)) {
          const c = candidates.get(key);
          if (c) c.usedBy += weight;
        }
  };
  count(document.security, operationCount);
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) if (isObject(op)) count(op.security, 1);
  }
  return [...candidates.values()].sort((a, b) => b.usedBy - a.usedBy);
}

/** Candidates guessed from header or query parameters when the description declares no scheme. */
function hintCandidates(tools: ToolLike[]): AuthCandidate[] {
  const hints = new Map<string, AuthCandidate>();
  for (const tool of tools) {
    for (const p of tool.mapping.parameters) {
      const lower = p.name.toLowerCase();
      const key = `${p.in}:${lower}`;
      const existing = hints.get(key);
      if (existing) {
        existing.usedBy++;
        continue;
      }
      if (p.in === "header" && lower === "authorization") {
        hints.set(key, {
          type: "bearer",
          schemeName: "hint",
          source: "hint",
          description: "The operations take an Authorization header.",
          usedBy: 1,
          confidence: 0.7,
        });
      } else if (/^(x-)?api[-_]?key$|^x-auth-token$|^api[-_]?token$/.test(lower) && p.in !== "path") {
        hints.set(key, {
          type: "apiKey",
          schemeName: "hint",
          source: "hint",
          name: p.name,
          in: p.in as "header" | "query" | "cookie",
          description: `The operations take a ${p.name} ${p.in} parameter.`,
          usedBy: 1,
          confidence: 0.6,
        });
      }
    }
  }
  return [...hints.values()].sort((a, b) => b.usedBy - a.usedBy);
}

const ENV_VARS: Record<AuthCandidate["type"], { name: string; description: string }[]> = {
  bearer: [{ name: "API_TOKEN", description: "Bearer token sent as 'Authorization: Bearer <token>'" }],
  apiKey: [{ name: "API_KEY", description: "API key" }],
  basic: [
    { name: "API_USERNAME", description: "Username for HTTP basic authentication" },
    { name: "API_PASSWORD", description: "Password for HTTP basic authentication" },
  ],
  oauth2: [
    { name: "OAUTH_CLIENT_ID", description: "OAuth2 client ID" },
    { name: "OAUTH_CLIENT_SECRET", description: "OAuth2 client secret" },
  ],
};

function envVarDocs(candidates: AuthCandidate[]): EnvVarDoc[] {
  const docs = new Map<string, EnvVarDoc>();
  for (const c of candidates) {
    for (const v of ENV_VARS[c.type]) {
      if (docs.has(v.name)) continue;
      const detail =
        c.type === "apiKey" && c.name ? ` (sent as the ${c.name} ${c.in} parameter)` : c.tokenUrl ? ` (token URL ${c.tokenUrl})` : "";
      docs.set(v.name, {
        name: v.name,
        description: `${v.description}${detail}`,
        authType: c.type,
        secret: v.name !== "API_USERNAME" && v.name !== "OAUTH_CLIENT_ID",
      });
    }
  }
  return [...docs.values()];
}

/**
 * Analyses authentication and per-server parameters of an imported description; `detected` (the
 * schemes found at import) stands in for the description when it is not kept (imports over 20 MB).
 */
export function analyseAuth(document: OpenApiDocument | null, tools: ToolLike[], detected: AuthCandidate[] = []): AuthAnalysis {
  const declared = document ? schemeCandidates(document, tools.length) : detected;
  const authCandidates = declared.length ? declared : hintCandidates(tools);
  const { authContext, credentials, functional } = parameterCandidates(tools);
  return { authCandidates, authContext, credentials, functional, envVarDocs: envVarDocs(authCandidates) };
}
