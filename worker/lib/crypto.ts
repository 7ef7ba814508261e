// Secrets at rest: AES-GCM with the Worker secret SECRETS_KEY; masks for display; SHA-256 for tokens.
const encoder = new TextEncoder();

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function importKey(secretsKey: string) {
  const raw = unbase64(secretsKey);
  if (raw.byteLength !== 32) throw new Error("SECRETS_KEY must be the base64 of 32 random bytes");
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Encrypts a JSON value; answers base64 of a fresh 12-byte IV followed by the ciphertext. */
export async function encryptJson(secretsKey: string, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await importKey(secretsKey);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(JSON.stringify(value))));
  const out = new Uint8Array(iv.byteLength + cipher.byteLength);
  out.set(iv);
  out.set(cipher, iv.byteLength);
  return base64(out);
}

/** Decrypts what encryptJson produced. */
export async function decryptJson<T>(secretsKey: string, sealed: string): Promise<T> {
  const bytes = unbase64(sealed);
  const key = await importKey(secretsKey);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, key, bytes.slice(12));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** A display mask that never reveals more than the last 4 characters of a long secret. */
export const maskSecret = (secret: string) => (secret.length <= 8 ? "••••••••" : `••••••••${secret.slice(-4)}`);

/** Hex SHA-256, used to store and look up access tokens. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
