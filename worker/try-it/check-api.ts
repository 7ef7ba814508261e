// Check the API: one read-only operation called from the portal with the server's configured base
// URL and credentials, through the same egress guard a deployed server uses, within a time-out and a
// size budget; the result says whether the host answered, whether the credential was accepted and
// what came back.
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, type servers } from "../db/schema";
import { isLocalDev, type Bindings } from "../env";
import { loadServerConfig } from "../deploy/generate";
import { managedCredentials } from "../servers/read-model";
import { fail } from "../lib/errors";
import { checkPublicUrl } from "../lib/safe-fetch";
import { upstreamAuth } from "../runtime/auth";
import { allowedHostsOf, guardedFetch } from "../runtime/egress";
import { listedSchema } from "../runtime/listed-schema";
import { buildUpstreamRequest } from "../runtime/request";
import type { RuntimeConfig } from "../runtime/types";
import type { z } from "zod";
import type { checkAnswer } from "./schemas";

type ServerRow = typeof servers.$inferSelect;
type ApiCheck = z.infer<typeof checkAnswer>;
type Tool = RuntimeConfig["tools"][number];
export type CheckRequest = { tool?: string; baseUrl?: string; arguments?: Record<string, unknown> };
export type CheckVerdict = "ok" | "unreachable" | "refused" | "blocked" | "error";

/** The check waits this long for the API, then says it did not answer. */
export const CHECK_TIMEOUT_MS = 10_000;
/** The check reads at most this much of the answer. */
export const CHECK_MAX_BYTES = 64 * 1024;
/** What the check shows of the answer. */
const SHOWN_CHARS = 4_000;
const NO_BASE_URL = "https://base-url.invalid";

/** The operations the check may call: GET ones; `ready` when nothing is asked of the caller. */
export function readOperations(config: RuntimeConfig) {
  return config.tools
    .filter((t) => t.mapping.method.toLowerCase() === "get")
    .map((t) => ({
      name: t.name,
      path: t.mapping.path,
      ready: (listedSchema(t.inputSchema, config.staticValues).required ?? []).every((r) => fixedArg(t, r)),
    }));
}

const fixedArg = (tool: Tool, arg: string) => tool.mapping.parameters.some((p) => p.arg === arg && p.value !== undefined);

/** The read-only operations of a server and the one the check calls when none is picked. */
export async function checkOptions(db: Database, server: ServerRow) {
  const config = await loadServerConfig(db, server.id, { baseUrl: NO_BASE_URL });
  const operations = readOperations(config);
  return { baseUrl: server.baseUrl, operations, defaultTool: operations.find((o) => o.ready)?.name ?? null };
}

/** The first `max` bytes of a body as text (the rest is not read), and whether there was more. */
async function readPrefix(res: Response, max: number) {
  const reader = res.body?.getReader();
  if (!reader) return { text: "", bytes: 0, cut: false };
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let cut = false;
  try {
    while (bytes < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
    }
    if (bytes >= max) cut = !(await reader.read()).done;
  } catch {
    // The time-out ended the body: what arrived is shown, as cut.
    cut = true;
  }
  await reader.cancel().catch(() => {});
  const all = new Uint8Array(bytes);
  chunks.reduce((offset, c) => (all.set(c, offset), offset + c.byteLength), 0);
  return { text: new TextDecoder().decode(all.subarray(0, max)), bytes: Math.min(bytes, max), cut };
}

/** What a verdict says, for people. */
function verdictOf(status: number, credential: ApiCheck["credential"], host: string): { verdict: CheckVerdict; message: string } {
  if (status === 401 || status === 403) {
    const why =
      credential === "managed"
        ? "it refused the configured credential"
        : "it needs a credential, and the portal sends none for this server";
    return { verdict: "refused", message: `The API at ${host} answered HTTP ${status}: ${why}.` };
  }
  if (status >= 200 && status < 300) {
    return {
      verdict: "ok",
      message: `The API at ${host} answered HTTP ${status}${credential === "managed" ? " and accepted the credential" : ""}.`,
    };
  }
  return { verdict: "error", message: `The API at ${host} answered HTTP ${status}.` };
}

/** The operation the check calls: the one asked for, or the first read-only one that needs no arguments. */
function chosenTool(config: RuntimeConfig, asked: string | undefined): Tool {
  const name = asked ?? readOperations(config).find((o) => o.ready)?.name;
  if (!name) fail(400, "No read-only (GET) operation without required arguments: pick one and give its arguments");
  const tool = config.tools.find((t) => t.name === name);
  if (!tool) fail(400, `No active tool named ${JSON.stringify(name)}`);
  if (tool.mapping.method.toLowerCase() !== "get") fail(400, "Check the API calls read-only (GET) operations only");
  return tool;
}

type CheckBase = Pick<ApiCheck, "tool" | "path" | "baseUrl" | "credential">;

/** A check that got no answer from the API: the host was silent, the guard refused, or no token was had. */
const withoutAnswer = (base: CheckBase, verdict: "unreachable" | "refused" | "blocked", ms: number, message: string): ApiCheck => ({
  ...base,
  verdict,
  reached: false,
  status: null,
  ms,
  contentType: null,
  body: null,
  bodyBytes: 0,
  cut: false,
  message,
});

/** The answer's start as shown: every stored secret of the server (six characters or more) redacted. */
const redacted = (text: string, secrets: Record<string, unknown>) =>
  Object.values(secrets)
    .filter((s): s is string => typeof s === "string" && s.length >= 6)
    .reduce((out, s) => out.split(s).join("[redacted]"), text.slice(0, SHOWN_CHARS));

/** Runs the check: one GET of the server's API, guarded, bounded in time and size. */
export async function checkApi(db: Database, env: Bindings, server: ServerRow, input: CheckRequest): Promise<ApiCheck> {
  const config = await loadServerConfig(db, server.id, { baseUrl: input.baseUrl ?? NO_BASE_URL });
  const baseUrl = input.baseUrl ? checkPublicUrl(input.baseUrl, env).href : server.baseUrl;
  if (!baseUrl) fail(400, "The server has no base URL yet: give the API's base URL to check");
  const tool = chosenTool(config, input.tool);
  const auth = await db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, server.id) });
  const credential: ApiCheck["credential"] =
    config.auth.type === "none" ? "none" : config.auth.strategy === "passthrough" ? "passthrough" : "managed";
  const host = new URL(tool.mapping.baseUrl ?? baseUrl).host;
  const rule = { allowedHosts: allowedHostsOf({ baseUrl, auth: config.auth, tools: [tool] }), localDev: isLocalDev(env) };
  // Only answers from the network are the API's: a refusal of the guard is told apart by identity.
  const fromNetwork = new WeakSet<Response>();
  const send: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    fromNetwork.add(res);
    return res;
  };
  const started = Date.now();
  const base: CheckBase = { tool: tool.name, path: tool.mapping.path, baseUrl, credential };
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  let parts;
  try {
    const creds = credential === "managed" ? await managedCredentials(env.SECRETS_KEY, auth ?? null) : {};
    parts = await upstreamAuth(config.auth, creds, undefined, CHECK_TIMEOUT_MS, (r, s) => guardedFetch(r, rule, s, send));
  } catch (err) {
    // Only OAuth2 fetches anything here: its token endpoint failed or refused the client.
    return withoutAnswer(base, "refused", Date.now() - started, `No access token: ${(err as Error)?.message ?? String(err)}`);
  }
  let request: Request;
  try {
    request = buildUpstreamRequest(baseUrl, tool.mapping, { ...(input.arguments ?? {}), ...config.staticValues }, parts);
  } catch (err) {
    fail(400, `The operation ${tool.name} cannot be called with these arguments: ${(err as Error)?.message ?? String(err)}`);
  }
  let res: Response;
  try {
    res = await guardedFetch(request, rule, signal, send);
  } catch (err) {
    const e = err as Error;
    const reason =
      e?.name === "TimeoutError" || e?.name === "AbortError"
        ? `no answer within ${CHECK_TIMEOUT_MS / 1000} s`
        : (e?.message ?? String(err));
    return withoutAnswer(base, "unreachable", Date.now() - started, `The host ${host} did not answer: ${reason}.`);
  }
  const ms = Date.now() - started;
  const { text, bytes, cut } = await readPrefix(res, CHECK_MAX_BYTES);
  if (!fromNetwork.has(res)) return withoutAnswer(base, "blocked", ms, text);
  const secrets = credential === "managed" ? await managedCredentials(env.SECRETS_KEY, auth ?? null).catch(() => ({})) : {};
  const shown = redacted(text, secrets);
  return {
    ...base,
    ...verdictOf(res.status, credential, host),
    reached: true,
    status: res.status,
    ms,
    contentType: res.headers.get("content-type"),
    body: shown,
    bodyBytes: bytes,
    cut: cut || text.length > SHOWN_CHARS,
  };
}
