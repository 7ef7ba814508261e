// Helpers for tests of portal API keys: a key created by a signed-in user, and calls made with it.
import { call, type signedIn } from "../helpers";
import { bearer } from "../mcp-setup";

type User = Awaited<ReturnType<typeof signedIn>>;

/** Creates a key through the portal's API (as the user, with their session). */
export async function createKey(user: User, body: Record<string, unknown>) {
  const res = await call("/api/api-keys", { method: "POST", cookie: user.cookie, json: { name: "CI", ...body } });
  return { status: res.status, body: (await res.json()) as any };
}

/** A new key of the user's organization with these scopes; answers the key itself and its id. */
export async function keyWith(user: User, scopes: string[], extra: Record<string, unknown> = {}) {
  const { status, body } = await createKey(user, { scopes, ...extra });
  if (status !== 201) throw new Error(`key creation failed: ${status} ${JSON.stringify(body)}`);
  return { key: body.data.key as string, id: body.data.apiKey.id as string };
}

/** Calls the portal with `Authorization: Bearer key` (and, for a mutation, the portal's own Origin); answers status and parsed body. */
export async function withKey(key: string, path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) {
  const res = await call(path, { ...init, headers: { ...bearer(key), ...(init.headers as Record<string, string>) } });
  return { status: res.status, body: (await res.json()) as any };
}

/** A multipart body with a description file, as the portal's form sends it. */
export function descriptionUpload(document: unknown, filename = "openapi.json") {
  const form = new FormData();
  form.set("file", new File([JSON.stringify(document)], filename, { type: "application/json" }));
  return form;
}
