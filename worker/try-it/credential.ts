// The credential of a portal user's own tool call ("Try it"): minted by the portal for the session's
// user, for one server, for a few minutes, and only ever sent from the portal to the server's gateway
// (it never reaches the browser). It is signed, not stored: HMAC-SHA-256 under a key derived from
// SECRETS_KEY for this one use. The gateway accepts it only while the user is still a member of the
// server's organization.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db";
import { memberships, servers } from "../db/schema";

/** Try-it credentials start with this, so neither the token nor the OAuth check mistakes them. */
export const TRY_IT_PREFIX = "tpx_";
/** How long a minted credential is accepted. */
export const TRY_IT_TTL_MS = 5 * 60_000;
const MAX_CREDENTIAL_CHARS = 1_024;
const USE = "try-it";

type Claims = { use: typeof USE; sub: string; aud: string; exp: number };
export type TryItCheck = { ok: true; userId: string } | { ok: false; message: string };

const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
const unb64url = (text: string) => Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));

const keys = new Map<string, Promise<CryptoKey>>();
/** The signing key: HKDF of SECRETS_KEY with this use's label, so it signs nothing else. */
function signingKey(secretsKey: string): Promise<CryptoKey> {
  let key = keys.get(secretsKey);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey(
        "raw",
        Uint8Array.from(atob(secretsKey), (c) => c.charCodeAt(0)),
        "HKDF",
        false,
        ["deriveKey"],
      );
      const params = { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("toolport try-it credential v1") };
      return crypto.subtle.deriveKey(params, base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign", "verify"]);
    })();
    keys.clear();
    keys.set(secretsKey, key);
  }
  return key;
}

/** A credential for `userId` to call tools of `serverId` through its gateway, valid for TRY_IT_TTL_MS. */
export async function mintTryItCredential(secretsKey: string, userId: string, serverId: string, now = Date.now()): Promise<string> {
  const claims: Claims = { use: USE, sub: userId, aud: serverId, exp: now + TRY_IT_TTL_MS };
  const payload = b64url(encoder.encode(JSON.stringify(claims)));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(secretsKey), encoder.encode(payload)));
  return `${TRY_IT_PREFIX}${payload}.${b64url(signature)}`;
}

/** The claims of a credential whose signature holds, or null. */
async function verifiedClaims(secretsKey: string, credential: string): Promise<Claims | null> {
  if (credential.length > MAX_CREDENTIAL_CHARS || !credential.startsWith(TRY_IT_PREFIX)) return null;
  const [payload, signature, extra] = credential.slice(TRY_IT_PREFIX.length).split(".");
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const valid = await crypto.subtle.verify("HMAC", await signingKey(secretsKey), unb64url(signature), encoder.encode(payload));
    if (!valid) return null;
    const claims = JSON.parse(new TextDecoder().decode(unb64url(payload))) as Partial<Claims>;
    return claims.use === USE && typeof claims.sub === "string" && typeof claims.aud === "string" && typeof claims.exp === "number"
      ? (claims as Claims)
      : null;
  } catch {
    return null;
  }
}

/** Checks a try-it credential for `serverId`: signed by this portal, for this server, unexpired, its user a member of the server's organization. */
export async function verifyTryItCredential(
  secretsKey: string,
  db: Database,
  credential: string,
  serverId: string,
  now = Date.now(),
): Promise<TryItCheck> {
  const claims = await verifiedClaims(secretsKey, credential);
  if (!claims) return { ok: false, message: "Invalid portal credential" };
  if (claims.aud !== serverId) return { ok: false, message: "This portal credential is for another server" };
  if (claims.exp <= now || claims.exp > now + TRY_IT_TTL_MS) return { ok: false, message: "This portal credential has expired" };
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(servers, eq(servers.organizationId, memberships.organizationId))
    .where(and(eq(servers.id, serverId), eq(memberships.userId, claims.sub)))
    .limit(1);
  if (!member) return { ok: false, message: "This portal credential's user is not a member of the server's organization" };
  return { ok: true, userId: claims.sub };
}
