// Search mode's semantic ranking, the portal's side (see runtime/search-semantic.ts): with a Workers
// AI binding, the deploy job embeds each tool of a search-mode deployment once and keeps the vectors
// in KV beside it; a server isolate reads them, and has each request embedded, through its env.TOOLS.
// Without the binding nothing is embedded and search mode ranks by words alone.
import type { Bindings } from "../env";
import { embeddingText, keepVectors, type KeptVectors } from "../runtime/search-semantic";
import type { RuntimeConfig } from "../runtime/types";

/** Workers AI's English embedding model (384 dimensions). */
export const EMBEDDING_MODEL = "@cf/baai/bge-small-en-v1.5";
/** Texts per Workers AI call (the model's batch limit) and calls at a time. */
const BATCH = 100;
const CONCURRENT_CALLS = 4;
/** bge models retrieve best when a short request carries this instruction. */
const QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";
/** Characters of a request that are embedded. */
export const MAX_QUERY_CHARS = 500;

const vectorsKey = (deploymentId: string) => `mcp-deployment-vectors:${deploymentId}`;

type Embedder = { run(model: string, inputs: { text: string[] }): Promise<{ data?: number[][] }> };
const embedderOf = (env: Bindings) => env.AI as unknown as Embedder | undefined;

/** Embeds texts in batches; throws when Workers AI answers anything but one vector per text. */
async function embed(embedder: Embedder, texts: string[]): Promise<number[][]> {
  const batches = Array.from({ length: Math.ceil(texts.length / BATCH) }, (_, i) => texts.slice(i * BATCH, (i + 1) * BATCH));
  const out: number[][][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < batches.length; i = next++) {
      const answer = await embedder.run(EMBEDDING_MODEL, { text: batches[i] });
      if (!Array.isArray(answer?.data) || answer.data.length !== batches[i].length)
        throw new Error(
          `${EMBEDDING_MODEL} answered ${Array.isArray(answer?.data) ? answer.data.length : "no"} vectors for ${batches[i].length} texts`,
        );
      out[i] = answer.data;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_CALLS, batches.length) }, worker));
  return out.flat();
}

/**
 * Embeds the tools of a search-mode deployment and keeps the vectors (once per deployment id: its
 * content never changes). Answers how many tools it embedded; 0 when there is nothing to do.
 */
export async function embedDeploymentTools(env: Bindings, deploymentId: string, config: RuntimeConfig): Promise<number> {
  const embedder = embedderOf(env);
  if (!embedder || config.toolMode !== "search" || config.tools.length === 0) return 0;
  if ((await env.KV.get(vectorsKey(deploymentId))) !== null) return config.tools.length;
  const texts = config.tools.map((tool) =>
    embeddingText({ title: tool.title, description: tool.description, method: tool.mapping.method, path: tool.mapping.path }),
  );
  const kept = keepVectors(EMBEDDING_MODEL, await embed(embedder, texts));
  await env.KV.put(vectorsKey(deploymentId), JSON.stringify(kept));
  return kept.count;
}

/** A deployment's kept tool vectors (JSON of KeptVectors), or null when it has none. */
export const loadToolVectors = (env: Bindings, deploymentId: string) => env.KV.get(vectorsKey(deploymentId));

/** A search request's embedding, or null without Workers AI. */
export async function embedQuery(env: Bindings, query: string): Promise<number[] | null> {
  const embedder = embedderOf(env);
  if (!embedder) return null;
  const [vector] = await embed(embedder, [`${QUERY_INSTRUCTION}${query.slice(0, MAX_QUERY_CHARS)}`]);
  return vector ?? null;
}

export type { KeptVectors };
