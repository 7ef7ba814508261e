// Parameters that are not the model's business, each rule read from the description's own signals:
// credentials of its security schemes, AWS signing headers, Google's system parameters, and values
// the description fixes (a required parameter with one allowed value, which the server sends itself).
import type { OpenApiDocument } from "./load";
import type { RefResolver } from "./refs";
import type { JsonSchema } from "./schema";
import type { ParameterLocation } from "./types";
import { isObject, isOneOf, type JsonObject, memberOf } from "./json-value";

/** What one import knows about credentials: apiKey parameters (`in:name`) and whether tokens are bearer-like. */
export type CredentialSignals = { apiKeys: Set<string>; bearerLike: boolean };
export type HiddenReason = "credential" | "signing" | "transport";
/** A parameter object with a valid name and location (the rest of it as parsed). */
export type Parameter = JsonObject & { name: string; in: ParameterLocation };

/** AWS Signature Version 4: these headers (or query parameters, when presigned) are computed by a signer. */
const AWS_SIGNING = new Set([
  "x-amz-algorithm",
  "x-amz-content-sha256",
  "x-amz-credential",
  "x-amz-date",
  "x-amz-security-token",
  "x-amz-signature",
  "x-amz-signedheaders",
]);
/** Google's system parameters (on every operation of a Google description, which `$.xgafv` marks). */
const GOOGLE_TRANSPORT = new Set(["$.xgafv", "alt", "prettyprint", "quotauser", "upload_protocol", "uploadtype", "callback"]);
const GOOGLE_CREDENTIALS = new Set(["key", "access_token", "oauth_token"]);
/** RFC 6750 §2.3 and its common variant: a bearer token sent in the query. */
const QUERY_TOKENS = new Set(["access_token", "oauth_token"]);

const keyOf = (where: string, name: string) => `${where}:${name.toLowerCase()}`;

/** The credential signals of a description's security schemes. */
export function credentialSignals(document: OpenApiDocument, resolver: RefResolver): CredentialSignals {
  const signals: CredentialSignals = { apiKeys: new Set(), bearerLike: false };
  const schemes = memberOf(document.components, "securitySchemes");
  if (!isObject(schemes)) return signals;
  for (const raw of Object.values(schemes)) {
    const scheme = resolver.deref(raw, resolver.rootUrl)?.value;
    if (!isObject(scheme)) continue;
    const type = String(scheme.type ?? "").toLowerCase();
    if (type === "apikey" && typeof scheme.name === "string")
      signals.apiKeys.add(keyOf(isOneOf(["query", "cookie"], scheme.in) ? scheme.in : "header", scheme.name));
    else if (type === "oauth2" || type === "openidconnect" || (type === "http" && String(scheme.scheme).toLowerCase() === "bearer"))
      signals.bearerLike = true;
  }
  return signals;
}

/** Whether an operation's parameters carry Google's system parameter family. */
export const isGoogleStyle = (params: { value: Parameter }[]) => params.some((p) => p.value.in === "query" && p.value.name === "$.xgafv");

/** Why a parameter is hidden from the model (the server or its auth supplies it), or null to show it. */
export function hiddenReason(p: Parameter, signals: CredentialSignals, googleStyle: boolean): HiddenReason | null {
  const name = String(p.name).toLowerCase();
  const key = keyOf(p.in, name);
  if (signals.apiKeys.has(key)) return "credential";
  if ((p.in === "header" || p.in === "query") && AWS_SIGNING.has(name)) return "signing";
  if (p.in !== "query") return null;
  if (signals.bearerLike && QUERY_TOKENS.has(name)) return "credential";
  if (googleStyle && GOOGLE_CREDENTIALS.has(name)) return "credential";
  // Optional only: a required one would be a real argument whatever its name.
  if (googleStyle && GOOGLE_TRANSPORT.has(name) && p.required !== true) return "transport";
  return null;
}

/** The one value a required parameter may take (a single-value enum or a const), if so. */
export function fixedValue(schema: JsonSchema, required: boolean): { value: unknown } | null {
  if (!required) return null;
  if ("const" in schema && schema.const !== undefined && schema.const !== null) return { value: schema.const };
  const values = Array.isArray(schema.enum) ? schema.enum : [];
  return values.length === 1 && values[0] !== null ? { value: values[0] } : null;
}
