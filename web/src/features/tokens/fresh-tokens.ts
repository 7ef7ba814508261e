// Access tokens created during this visit, by the server they were created for: the deploy flow puts
// the real value into the client configuration it shows. Kept in memory only (a reload forgets them,
// as the portal can never show a token again).
const fresh = new Map<string, string>();

/** Remembers a token just created for a server (the newest one wins). */
export function rememberFreshToken(serverId: string, token: string) {
  fresh.set(serverId, token);
}

/** The token created for the server during this visit, if any. */
export const freshTokenFor = (serverId: string) => fresh.get(serverId);
