// Long texts kept in KV (descriptions of up to 20 MB and their versions) are stored gzipped: GitHub's
// 13 MB description is 1.4 MB so, and KV writes that much faster. Texts kept before this are read as
// they were written (plain UTF-8; no description starts with gzip's first byte, a control character).
import { gzipSync } from "node:zlib";

/**
 * Keeps `text` (or its UTF-8 bytes) under `key`, gzipped at zlib's fastest level: for GitHub's
 * description a third of the default level's CPU (which CompressionStream uses), for 1.4 MB instead of 1.0 MB.
 */
export async function keepText(kv: KVNamespace, key: string, text: string | Uint8Array): Promise<void> {
  await kv.put(key, gzipSync(text, { level: 1 }));
}

/** The text kept under `key` (gzipped or, kept before, plain), or null. */
export async function keptText(kv: KVNamespace, key: string): Promise<string | null> {
  const bytes = await kv.get(key, "arrayBuffer");
  if (bytes === null) return null;
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new TextDecoder().decode(bytes);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}
