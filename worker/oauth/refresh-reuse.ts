// Refresh-token reuse (OAuth 2.0 Security BCP): every refresh token the portal hands out is noted, as a
// hash, for as long as a grant lasts; when the OAuth library refuses one as replaced (neither its
// grant's current token nor the previous one it keeps for retries), a copy is in someone else's hands.
import type { Bindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import { REFRESH_TOKEN_TTL_SECONDS } from "./provider";

/** The library's internal reason (onError) for a refresh token that is neither its grant's current nor previous one. */
const REPLACED = "refresh_token_mismatch";

const issuedKey = async (token: string) => `refresh-issued:${await sha256Hex(token)}`;

/** Notes the refresh token of a successful token answer as one the portal issued. */
export async function noteIssuedRefreshToken(env: Bindings, res: Response) {
  if (!res.ok) return;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { refresh_token?: unknown } | null;
  if (typeof body?.refresh_token !== "string") return;
  await env.OAUTH_KV.put(await issuedKey(body.refresh_token), "1", { expirationTtl: REFRESH_TOKEN_TTL_SECONDS });
}

/**
 * Whether a refused refresh token is a replaced one the portal issued: a stolen copy in use (a made-up
 * token that only names a grant was never issued, and revokes nothing).
 */
export async function isReusedRefreshToken(env: Bindings, refusal: string | null, token: string) {
  return refusal === REPLACED && (await env.OAUTH_KV.get(await issuedKey(token))) !== null;
}
