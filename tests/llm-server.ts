// A local OpenAI-compatible chat API for the crawl's LLM refinement. The model name picks how it
// behaves: "refine" improves the draft it was sent, "fenced" does the same inside a ```json fence,
// "garbage" answers prose, "not-openapi" answers JSON that is no valid description, "fewer" drops
// all but one operation, "slow" answers after SLOW_ANSWER_MS, "error" fails with HTTP 500. A wrong API key
// answers 401 as OpenAI does.
import { createServer, type Server } from "node:http";
import { listenOnLoopback } from "./loopback";

export const LLM_API_KEY = "sk-test-local-llm";
/** How late "slow" answers: far past the tests' 1.5 s limit, so a run that waited for it is told apart from a slow machine. */
export const SLOW_ANSWER_MS = 60_000;

type ChatRequest = { model?: string; messages?: { role: string; content: string }[]; response_format?: { type: string } };

/** The draft the portal sent ("Draft:\n{json}\n\nDocumentation:\n…"). */
function draftOf(request: ChatRequest) {
  const user = request.messages?.find((m) => m.role === "user")?.content ?? "";
  return JSON.parse(user.slice("Draft:\n".length, user.indexOf("\n\nDocumentation:\n")));
}

/** The draft improved the way a model would: summaries and a description. */
function refined(request: ChatRequest) {
  const draft = draftOf(request);
  draft.info = { ...draft.info, description: "Refined by the model from the documentation." };
  for (const item of Object.values<Record<string, any>>(draft.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) if (op && typeof op === "object") op.summary = `${method.toUpperCase()} (refined)`;
  }
  return JSON.stringify(draft);
}

const completion = (model: string, content: string) => ({
  id: "chatcmpl-local",
  object: "chat.completion",
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
});

/** Starts the server on 127.0.0.1 and an ephemeral port; its base URL ends in /v1. */
export async function startLlmServer(): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "POST" || req.url !== "/v1/chat/completions")
      return json(404, { error: { message: "Unknown route", type: "invalid_request_error" } });
    if (req.headers.authorization !== `Bearer ${LLM_API_KEY}`)
      return json(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    const model = request.model ?? "";
    if (request.response_format?.type !== "json_object") return json(400, { error: { message: "Expected response_format json_object" } });
    if (model === "refine") return json(200, completion(model, refined(request)));
    if (model === "fenced") return json(200, completion(model, "```json\n" + refined(request) + "\n```"));
    if (model === "garbage") return json(200, completion(model, "I am sorry, but I cannot turn this documentation into OpenAPI."));
    if (model === "not-openapi") return json(200, completion(model, JSON.stringify({ openapi: "banana", paths: { "/things": "none" } })));
    if (model === "fewer") {
      const draft = draftOf(request);
      const [first] = Object.keys(draft.paths);
      return json(200, completion(model, JSON.stringify({ ...draft, paths: { [first]: { get: draft.paths[first].get } } })));
    }
    if (model === "slow") {
      const timer = setTimeout(() => json(200, completion(model, refined(request))), SLOW_ANSWER_MS);
      res.on("close", () => clearTimeout(timer));
      return;
    }
    return json(500, { error: { message: "The server had an error while processing your request", type: "server_error" } });
  });
  const origin = await listenOnLoopback(server, "LLM server");
  server.unref();
  return { baseUrl: `${origin}/v1`, server };
}
