// Optional LLM refinement of an extracted description: an OpenAI-compatible chat API (LLM_BASE_URL,
// LLM_API_KEY, LLM_MODEL) or, without one, a Workers AI binding (AI; model LLM_MODEL or the default).
// Any failure — no answer in time, an error, prose instead of JSON — keeps the default extractor's result.
import type { Bindings } from "../env";
import type { OpenApiDraft } from "./extract/index";
import { trimEnd } from "./extract/text";

/** Markdown sent to the model is cut to this many characters. */
export const MAX_LLM_INPUT_CHARS = 60_000;
/** How long the model may take unless LLM_TIMEOUT_MS says otherwise. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;
/** The Workers AI model used when LLM_MODEL names none. */
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

type Messages = { role: "system" | "user"; content: string }[];
/** The part of the Workers AI binding refinement uses: text generation with chat messages. */
type TextGeneration = { run(model: string, inputs: { messages: Messages; response_format: { type: "json_object" } }): Promise<unknown> };

const openAiConfigured = (env: Bindings) => Boolean(env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL);
export const llmConfigured = (env: Bindings) => openAiConfigured(env) || Boolean(env.AI);

const PROMPT =
  "You improve OpenAPI 3.1 descriptions extracted from API documentation. Given the draft and the documentation, " +
  "answer with the corrected OpenAPI 3.1 JSON document only: fix paths, methods, parameters, request bodies and " +
  "response schemas that the documentation shows, add missing endpoints it documents, and invent nothing.";

async function askOpenAi(env: Bindings, messages: Messages, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(`${trimEnd(env.LLM_BASE_URL!, "/")}/chat/completions`, {
    method: "POST",
    signal,
    headers: { authorization: `Bearer ${env.LLM_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ model: env.LLM_MODEL, response_format: { type: "json_object" }, messages }),
  });
  if (!res.ok) return null;
  const answer = await res.json<{ choices?: { message?: { content?: string } }[] }>();
  return answer.choices?.[0]?.message?.content;
}

async function askWorkersAi(env: Bindings, messages: Messages, signal: AbortSignal): Promise<unknown> {
  const ai = env.AI as unknown as TextGeneration;
  const timedOut = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
  const answer = (await Promise.race([
    ai.run(env.LLM_MODEL || DEFAULT_WORKERS_AI_MODEL, { messages, response_format: { type: "json_object" } }),
    timedOut,
  ])) as {
    response?: unknown;
  };
  return answer?.response;
}

/** Text without a surrounding ```json fence. */
function unfence(answer: string): string {
  let text = answer.trim();
  if (text.startsWith("```")) text = text.slice(text.startsWith("```json") ? 7 : 3);
  if (text.endsWith("```")) text = text.slice(0, -3);
  return text.trim();
}

/** The model's answer as a description: JSON text (possibly in a ```json fence) or, from Workers AI's JSON mode, an object. */
function descriptionOf(answer: unknown): unknown | null {
  const refined = typeof answer === "string" ? JSON.parse(unfence(answer)) : answer;
  return refined && typeof refined === "object" && "paths" in refined ? refined : null;
}

/** Asks the model for a refined description; null when none is configured or it gives no usable answer. */
export async function refineWithLlm(env: Bindings, draft: OpenApiDraft, markdown: string): Promise<unknown | null> {
  if (!llmConfigured(env)) return null;
  const messages: Messages = [
    { role: "system", content: PROMPT },
    { role: "user", content: `Draft:\n${JSON.stringify(draft)}\n\nDocumentation:\n${markdown.slice(0, MAX_LLM_INPUT_CHARS)}` },
  ];
  const signal = AbortSignal.timeout(Number(env.LLM_TIMEOUT_MS) || DEFAULT_LLM_TIMEOUT_MS);
  try {
    return descriptionOf(openAiConfigured(env) ? await askOpenAi(env, messages, signal) : await askWorkersAi(env, messages, signal));
  } catch {
    return null;
  }
}
