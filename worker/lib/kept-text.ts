// Long texts kept in KV (descriptions of up to 20 MB and their versions) are stored gzipped: GitHub's
// 13 MB description is 1 MB so, and KV writes that much faster. Texts kept before this are read as
// they were written (plain UTF-8; no description starts with gzip's first byte, a control character).

/** Keeps `text` under `key`, gzipped. */
export async function keepText(kv: KVNamespace, key: string, text: string): Promise<void> {
  const gzipped = await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  await kv.put(key, gzipped);
}

/** The text kept under `key` (gzipped or, kept before, plain), or null. */
export async function keptText(kv: KVNamespace, key: string): Promise<string | null> {
  const bytes = await kv.get(key, "arrayBuffer");
  if (bytes === null) return null;
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new TextDecoder().decode(bytes);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}
