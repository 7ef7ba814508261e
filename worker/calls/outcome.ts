// The outcome of a tools/call read from its answer, for answers that came without the deployed
// server's report (an answer streamed as SSE).
import type { CallRecordMessage } from "./record";

type Outcome = Pick<CallRecordMessage, "outcome" | "upstreamStatus" | "error">;

const firstLine = (text: string) => text.split("\n", 1)[0].replace(/:$/, "").slice(0, 300);

/** What a JSON-RPC answer (a CallToolResult, or `{ rpcError }`) says happened. */
export function outcomeOfAnswer(answer: unknown): Outcome {
  const value = answer as { rpcError?: { message?: string }; isError?: boolean; content?: { type?: string; text?: string }[] } | null;
  if (value?.rpcError) {
    const message = String(value.rpcError.message ?? "");
    return { outcome: /unknown tool/i.test(message) ? "unknown_tool" : "failed", error: firstLine(message) };
  }
  if (!value?.isError) return { outcome: "ok" };
  const text = value.content?.find((c) => c.type === "text")?.text ?? "";
  const error = firstLine(text);
  if (text.startsWith("Invalid arguments")) return { outcome: "invalid_arguments", error };
  if (text.startsWith("No tool named")) return { outcome: "unknown_tool", error };
  if (text.includes("(request timed out)")) return { outcome: "timeout", error };
  const status = /^The API answered HTTP (\d{3})/.exec(text);
  if (status) {
    const code = Number(status[1]);
    return { outcome: code >= 500 ? "upstream_5xx" : code >= 400 ? "upstream_4xx" : "ok", upstreamStatus: code, error };
  }
  return { outcome: "failed", error };
}
