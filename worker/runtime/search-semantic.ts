// Search mode's optional semantic ranking: when the portal has a Workers AI binding, each tool of a
// search-mode deployment is embedded once at deploy (kept as int8 vectors beside the deployment) and
// each request at search time; the tools nearest the request are blended with the lexical ranking by
// reciprocal rank fusion, which needs no calibration between the two scores. Without vectors, or when
// embedding a request fails, the lexical ranking alone answers.
import type { SearchDoc } from "./types";

/** A deployment's tool vectors as kept: one L2-normalised vector per tool (in the tools' order), each component ×127 as an int8, base64. */
export type KeptVectors = { model: string; dims: number; count: number; vectors: string };

/** What an embedding reads of a tool: its title, operation and the opening of its description. */
const DESCRIPTION_CHARS = 300;

export function embeddingText(doc: Pick<SearchDoc, "title" | "description" | "method" | "path">): string {
  const title = doc.title ?? "";
  let description = doc.description ?? "";
  // A description that opens with the title goes on after it.
  let start = title && description.startsWith(title) ? title.length : 0;
  while (start < description.length && ".:;- \n".includes(description[start])) start++;
  description = description.slice(start, start + DESCRIPTION_CHARS).trim();
  const operation = doc.method && doc.path ? `${doc.method.toUpperCase()} ${doc.path}` : "";
  return [title, operation, description].filter(Boolean).join(". ");
}

const normalised = (vector: ArrayLike<number>): number[] => {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  const norm = Math.sqrt(sum) || 1;
  return Array.from(vector, (v) => v / norm);
};

/** Packs embeddings (all of one length) for keeping. */
export function keepVectors(model: string, rows: ArrayLike<number>[]): KeptVectors {
  const dims = rows[0]?.length ?? 0;
  const bytes = new Int8Array(rows.length * dims);
  rows.forEach((row, r) => {
    if (row.length !== dims) throw new Error(`Embedding ${r} has ${row.length} dimensions, not ${dims}`);
    normalised(row).forEach((v, i) => (bytes[r * dims + i] = Math.max(-127, Math.min(127, Math.round(v * 127)))));
  });
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...new Uint8Array(bytes.buffer, i, Math.min(0x8000, bytes.length - i)));
  return { model, dims, count: rows.length, vectors: btoa(binary) };
}

/** Kept vectors, unpacked for searching. */
export type ToolVectors = { dims: number; count: number; data: Int8Array };

export function readVectors(kept: KeptVectors): ToolVectors {
  const binary = atob(kept.vectors);
  if (binary.length !== kept.dims * kept.count) throw new Error("The tool vectors are not as long as their count says");
  const data = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i++) data[i] = (binary.charCodeAt(i) << 24) >> 24;
  return { dims: kept.dims, count: kept.count, data };
}

/** The `limit` tools nearest a request's embedding (cosine), nearest first. */
export function nearestTools(vectors: ToolVectors, query: ArrayLike<number>, limit: number): number[] {
  if (query.length !== vectors.dims) return [];
  const q = normalised(query);
  const scores: { id: number; score: number }[] = [];
  for (let id = 0; id < vectors.count; id++) {
    let dot = 0;
    const base = id * vectors.dims;
    for (let i = 0; i < vectors.dims; i++) dot += q[i] * vectors.data[base + i];
    scores.push({ id, score: dot });
  }
  return scores
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, limit)
    .map((s) => s.id);
}

/** Reciprocal rank fusion's damping: a common choice that keeps the top of each ranking from dominating. */
const FUSION_K = 60;
/** How deep each ranking is read for fusion. */
export const FUSION_DEPTH = 50;

/** Two rankings (tool ids, best first) as one: each tool scores 1/(k + rank) in each ranking it is in. */
export function fuseRankings(lexical: number[], semantic: number[], limit: number): number[] {
  const scores = new Map<number, number>();
  for (const ranking of [lexical, semantic])
    ranking.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + 1 / (FUSION_K + rank + 1)));
  // On equal scores the lexical ranking's order wins: it matched the request's own words.
  const lexicalRank = new Map(lexical.map((id, rank) => [id, rank]));
  const rankOf = (id: number) => lexicalRank.get(id) ?? lexical.length;
  return [...scores]
    .sort((a, b) => b[1] - a[1] || rankOf(a[0]) - rankOf(b[0]) || a[0] - b[0])
    .slice(0, limit)
    .map(([id]) => id);
}
