// Try it: one tools/call made for a signed-in portal user through the server's real MCP endpoint
// (the gateway's own handler: credential check, metering, call log, the deployed server), with a
// credential minted for that user and server; the answer comes back as a client gets it, plus the
// upstream status and time the deployed server reported.
import type { Database } from "../db";
import type { servers } from "../db/schema";
import type { Bindings, SessionUser } from "../env";
import { serveMcp } from "../gateway/gateway";
import { managedCredentials, findServerBySlug } from "../servers/read-model";
import { loadStoredDeployment } from "../hosting/store";
import { readTextWithin } from "../lib/body";
import { fail } from "../lib/errors";
import type { CallReport } from "../runtime/report";
import { CALL_TOOL } from "../runtime/search-mode";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";
import { mintTryItCredential } from "./credential";
import type { z } from "zod";
import type { tryItAnswer } from "./schemas";

type ServerRow = typeof servers.$inferSelect;
export type TryItRequest = { tool: string; arguments: Record<string, unknown>; upstreamCredential?: string };

/** The largest answer Try it reads back (the gateway's own bound on a request body). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** The MCP protocol version Try it speaks, as current clients do. */
const PROTOCOL_VERSION = "2025-11-25";
const REDACTED = "[redacted]";
/** Managed secrets shorter than this are not searched for in answers (too many false matches). */
const MIN_SECRET_CHARS = 6;

/** The JSON-RPC body of the call: in search mode the operation is called through call_tool, as a model would. */
function callBody(mode: "direct" | "search", input: TryItRequest) {
  const params =
    mode === "search"
      ? { name: CALL_TOOL, arguments: { name: input.tool, arguments: input.arguments } }
      : { name: input.tool, arguments: input.arguments };
  return JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params });
}

/** The headers an MCP client sends, with the minted credential (and the user's own API credential for a passthrough server). */
async function callHeaders(env: Bindings, user: SessionUser, server: ServerRow, input: TryItRequest, authType: string | undefined) {
  const headers = new Headers({
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": PROTOCOL_VERSION,
  });
  headers.set("authorization", `Bearer ${await mintTryItCredential(env.SECRETS_KEY, user.id, server.id)}`);
  if (input.upstreamCredential)
    headers.set(authType === "apiKey" ? PASSTHROUGH_API_KEY_HEADER : PASSTHROUGH_AUTHORIZATION_HEADER, input.upstreamCredential);
  return headers;
}

/** The JSON-RPC message of an MCP answer (JSON, or the last data line of an SSE stream). */
function messageOf(text: string, contentType: string): Record<string, unknown> | null {
  const chunks = contentType.includes("text/event-stream")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5))
    : [text];
  for (const chunk of chunks.reverse()) {
    try {
      const value = JSON.parse(chunk) as unknown;
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {}
  }
  return null;
}

/** The answer text with the server's managed secret values replaced: an API that echoes its credential shows it to nobody here. */
async function withoutSecrets(db: Database, env: Bindings, slug: string, text: string) {
  const found = await findServerBySlug(db, slug);
  const secrets = Object.values(await managedCredentials(env.SECRETS_KEY, found?.auth ?? null).catch(() => ({}))).filter(
    (s): s is string => typeof s === "string" && s.length >= MIN_SECRET_CHARS,
  );
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** Runs one tool of `server` for `user` through its MCP endpoint at `origin` and answers what came back, with timings. */
export async function runTool(
  db: Database,
  env: Bindings,
  server: ServerRow,
  user: SessionUser,
  input: TryItRequest,
  origin: string,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<z.infer<typeof tryItAnswer>> {
  if (!server.activeDeploymentId) fail(409, "Deploy the server first: Try it calls its MCP endpoint");
  const stored = await loadStoredDeployment(env, server.activeDeploymentId);
  const mode: "search" | "direct" = stored?.packed?.toolMode === "search" ? "search" : "direct";
  const authType = stored?.packed?.auth.type;
  const request = new Request(`${origin}/s/${encodeURIComponent(server.slug)}/mcp`, {
    method: "POST",
    headers: await callHeaders(env, user, server, input, authType),
    body: callBody(mode, input),
  });
  let reports: CallReport[] | null = null;
  const started = Date.now();
  const res = await serveMcp(request, env, { waitUntil }, { slug: server.slug, observe: (r) => (reports = r) });
  const raw = await readTextWithin(res.body, MAX_ANSWER_BYTES);
  const totalMs = Date.now() - started;
  if (raw === null) fail(502, "The MCP server's answer is larger than Try it reads (8 MB)");
  const text = await withoutSecrets(db, env, server.slug, raw);
  const message = messageOf(text, res.headers.get("content-type") ?? "");
  const result = (message?.result ?? null) as { isError?: boolean; content?: unknown[]; structuredContent?: unknown } | null;
  const report = (reports as CallReport[] | null)?.find((r) => r.id === 1) ?? null;
  const upstreamMs = report?.upstreamMs ?? null;
  return {
    tool: input.tool,
    mode,
    httpStatus: res.status,
    isError: result?.isError === true || !result,
    content: Array.isArray(result?.content) ? result.content : [],
    structuredContent: result?.structuredContent ?? null,
    rpcError: (message?.error ?? null) as { code: number; message: string } | null,
    upstreamStatus: report?.status ?? null,
    upstreamMs,
    gatewayMs: Math.max(0, totalMs - (upstreamMs ?? 0)),
    totalMs,
    truncated: text.includes("[Response truncated: showing the first "),
    answer: message ?? text.slice(0, 2_000),
  };
}
