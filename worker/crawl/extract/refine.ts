// Optional LLM refinement of an extracted description through an OpenAI-compatible chat API
// (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). Any failure keeps the default extractor's result.
import type { Bindings } from "../../env";
import type { OpenApiDraft } from "./index";

/** Markdown sent to the model is cut to this many characters. */
export const MAX_LLM_INPUT_CHARS = 60_000;
/** How long the model may take unless LLM_TIMEOUT_MS says otherwise. */
export const DEFAULT_LLM_TIMEOUT_MS = 120_000;

export const llmConfigured = (env: Bindings) => Boolean(env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL);

const PROMPT =
  "You improve OpenAPI 3.1 descriptions extracted from API documentation. Given the draft and the documentation, " +
  "answer with the corrected OpenAPI 3.1 JSON document only: fix paths, methods, parameters, request bodies and " +
  "response schemas that the documentation shows, add missing endpoints it documents, and invent nothing.";

/** Asks the model for a refined description; null when it is not configured or gives no usable answer. */
export async function refineWithLlm(env: Bindings, draft: OpenApiDraft, markdown: string): Promise<unknown | null> {
  if (!llmConfigured(env)) return null;
  try {
    const res = await fetch(`${env.LLM_BASE_URL!.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      signal: AbortSignal.timeout(Number(env.LLM_TIMEOUT_MS) || DEFAULT_LLM_TIMEOUT_MS),
      headers: { authorization: `Bearer ${env.LLM_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: env.LLM_MODEL,
        response_format: { type: "json_object" },
        messages: [
          { role: "system", content: PROMPT },
          { role: "user", content: `Draft:\n${JSON.stringify(draft)}\n\nDocumentation:\n${markdown.slice(0, MAX_LLM_INPUT_CHARS)}` },
        ],
      }),
    });
    if (!res.ok) return null;
    const answer = await res.json<{ choices?: { message?: { content?: string } }[] }>();
    const content = answer.choices?.[0]?.message?.content?.replace(/^```(?:json)?\s*|\s*```$/g, "");
    const refined = content ? JSON.parse(content) : null;
    return refined && typeof refined === "object" && "paths" in refined ? refined : null;
  } catch {
    return null;
  }
}
