// The gateway's side of the call log: it gathers each tools/call of a request (caller, tool,
// sizes, its own refusals; outcome, upstream status and latency from the deployed server's report)
// and hands the records to recordCalls. Payloads, when the server records
// them, are read from a copy of the answer and redacted off the request path.
import { readTextWithin } from "../lib/body";
import type { Bindings } from "../env";
import { managedCredentials, type CachedGatewayServer } from "../servers/read-model";
import type { CallReport } from "../runtime/report";
import type { ServedAnswer } from "../hosting/types";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";
import { isObject } from "../runtime/wire";
import { bearerToken } from "../tokens/verify";
import type { CallOutcome } from "../db/schema";
import { callLogEnabled, recordCalls, type Caller, type CallRecordMessage } from "./record";
import {
  cappedJson,
  MAX_ARGUMENTS_CHARS,
  MAX_RESULT_CHARS,
  redactionOf,
  redactResult,
  redactValue,
  sensitiveValues,
  type Redaction,
} from "./redact";
import { outcomeOfAnswer } from "./outcome";

type RpcCall = { id?: unknown; params?: { name?: unknown; arguments?: unknown } };
type Refusal = Extract<CallOutcome, "paused" | "over_limit" | "unauthorized">;

/** Refused calls without a valid credential are recorded at most this often per server and isolate. */
const UNAUTHORIZED_PER_MINUTE = 60;
const MAX_UNAUTHORIZED_BODY = 64 * 1024;
const unauthorizedSeen = new Map<string, { minute: number; count: number }>();

const encoder = new TextEncoder();
const rpcId = (id: unknown) => (typeof id === "string" || typeof id === "number" ? id : null);
const toolName = (call: RpcCall) => (typeof call.params?.name === "string" ? call.params.name.slice(0, 200) : "(no name)");

/** The tools/call messages of a parsed body (one message or a batch). */
function toolCallsOf(parsed: unknown): RpcCall[] {
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages.filter((m): m is RpcCall => isObject(m) && m.method === "tools/call").slice(0, 100);
}

/** Gathers the call records of one gateway request. */
export class CallLog {
  private caller: Caller;
  private calls: RpcCall[] = [];
  private body = "";
  private readonly enabled: boolean;

  constructor(
    private readonly env: Bindings,
    private readonly waitUntil: (p: Promise<unknown>) => void,
    private readonly found: CachedGatewayServer,
    private readonly started = Date.now(),
    /** Learns the deployed server's report of the request's calls (the portal's Try it shows it). */
    private readonly observe?: (reports: CallReport[] | null) => void,
  ) {
    this.caller = found.auth?.exposeToPublic ? { kind: "public" } : { kind: "anonymous" };
    this.enabled = callLogEnabled(env);
  }

  /** The verified caller (set by the gateway's credential check). */
  readonly setCaller = (caller: Caller) => {
    this.caller = caller;
  };

  /** The request's parsed body: which tools/call it carries. */
  read(parsed: unknown, body: string) {
    if (!this.enabled) return;
    this.calls = toolCallsOf(parsed);
    this.body = body;
  }

  private base(call: RpcCall, outcome: CallOutcome, at: number): CallRecordMessage {
    const { server } = this.found;
    return {
      kind: "call",
      id: crypto.randomUUID(),
      serverId: server.id,
      organizationId: server.organizationId,
      at,
      tool: toolName(call),
      caller: this.caller,
      outcome,
      gatewayMs: at - this.started,
      // Counted when the record is made (off the request path for forwarded calls).
      requestBytes: encoder.encode(this.calls.length === 1 ? this.body : JSON.stringify(call)).length,
    };
  }

  /** A refusal of every tools/call of the request (paused, over the limit): the refusal's message is the record's error. */
  async refused(outcome: Refusal, answer: Response): Promise<Response> {
    if (this.calls.length === 0) return answer;
    // The refusal is a small JSON-RPC error: read here, so the record never waits on the client reading it.
    const text = await answer.text();
    let message = "";
    try {
      message = String((JSON.parse(text) as { error?: { message?: string } }).error?.message ?? "");
    } catch {}
    const at = Date.now();
    this.waitUntil(
      recordCalls(
        this.env,
        this.calls.map((c) => ({ ...this.base(c, outcome, at), error: message.slice(0, 300) })),
      ),
    );
    return new Response(text, answer);
  }

  /** A 401 for a request without a valid credential: its tools/call are recorded, within a per-server rate. */
  async unauthorized(request: Request, answer: Response): Promise<Response> {
    if (!this.enabled || request.method !== "POST") return answer;
    const body = await readTextWithin(request.body, MAX_UNAUTHORIZED_BODY).catch(() => null);
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : undefined;
    } catch {}
    this.read(parsed, body ?? "");
    // Only tools/call count against the rate (an MCP client's sign-in starts with an unauthorized initialize).
    if (this.calls.length === 0 || !this.allowUnauthorized()) return answer;
    return this.refused("unauthorized", answer);
  }

  private allowUnauthorized() {
    const minute = Math.floor(Date.now() / 60_000);
    const id = this.found.server.id;
    const seen = unauthorizedSeen.get(id);
    if (!seen || seen.minute !== minute) {
      if (unauthorizedSeen.size >= 5_000) unauthorizedSeen.clear();
      unauthorizedSeen.set(id, { minute, count: 1 });
      return true;
    }
    return ++seen.count <= UNAUTHORIZED_PER_MINUTE;
  }

  /**
   * The deployed server's answer, its report already taken off (the report is the portal's, never the
   * client's). Its calls are recorded once the answer is back (metering decided before the call left).
   */
  async forwarded(answer: Promise<ServedAnswer>, request: Request): Promise<Response> {
    const { response, reports, text } = await answer;
    const at = Date.now();
    if (this.calls.length === 0 && !this.observe) return response;
    this.observe?.(reports);
    if (this.calls.length === 0) return response;
    // Without a report (an SSE answer) the outcome is read from the answer itself.
    const read = this.found.server.recordPayloads || !reports;
    const answered = !read ? null : text !== undefined ? text : response.clone();
    this.waitUntil(this.finish(at, reports, answered, request.headers));
    return response;
  }

  private async finish(at: number, reports: CallReport[] | null, answered: string | Response | null, headers: Headers) {
    try {
      const answers = answered === null ? new Map<string | number, unknown>() : await answersOf(answered);
      const redaction = this.found.server.recordPayloads ? await this.redaction(headers) : null;
      // Values of sensitive arguments are secrets too: an API may echo them in its answer.
      const callRedaction = (args: unknown) =>
        redaction && redactionOf([...redaction.fields], [...redaction.secrets, ...sensitiveValues(args, redaction)]);
      const records = this.calls.map((call) => {
        const id = rpcId(call.id);
        const report = reports?.find((r) => r.id === id && r.tool === toolName(call)) ?? reports?.find((r) => r.id === id);
        const answer = id === null ? undefined : answers.get(id);
        const record = this.base(call, "ok", at);
        if (report) {
          Object.assign(record, {
            outcome: report.outcome,
            upstreamStatus: report.status,
            upstreamMs: report.upstreamMs,
            responseBytes: report.resultBytes,
            error: report.error,
            tool: report.tool || record.tool,
          });
        } else if (answer !== undefined) {
          Object.assign(record, outcomeOfAnswer(answer));
        }
        record.gatewayMs = Math.max(0, at - this.started - (record.upstreamMs ?? 0));
        const own = callRedaction(call.params?.arguments);
        if (own) {
          record.arguments = cappedJson(redactValue(call.params?.arguments ?? {}, own), MAX_ARGUMENTS_CHARS);
          if (answer !== undefined) record.result = cappedJson(redactResult(answer, own), MAX_RESULT_CHARS);
        }
        return record;
      });
      await recordCalls(this.env, records);
    } catch (err) {
      console.error("call log: records not gathered", (err as Error)?.message ?? String(err));
    }
  }

  /** What a payload of this server must not show: its sensitive fields, its managed secrets, the caller's credentials. */
  private async redaction(headers: Headers): Promise<Redaction> {
    const { server, auth } = this.found;
    const managed = await managedCredentials(this.env.SECRETS_KEY, auth).catch(() => ({}));
    const passthrough = [headers.get(PASSTHROUGH_AUTHORIZATION_HEADER), headers.get(PASSTHROUGH_API_KEY_HEADER)];
    const bearer = bearerToken(headers.get("authorization"));
    const words = passthrough.flatMap((v) => (v ? [v, ...v.split(/\s+/)] : []));
    return redactionOf(server.sensitiveFields ?? [], [...Object.values(managed), bearer, ...words]);
  }
}

/** The JSON-RPC answers of an MCP answer (its JSON text, or a Response of JSON or an SSE stream's data lines): id → result or error. */
async function answersOf(answered: string | Response): Promise<Map<string | number, unknown>> {
  const text = typeof answered === "string" ? answered : await readTextWithin(answered.body, 8 * 1024 * 1024);
  const answers = new Map<string | number, unknown>();
  if (!text) return answers;
  const type = typeof answered === "string" ? "" : (answered.headers.get("content-type") ?? "");
  const chunks = type.includes("text/event-stream")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5))
    : [text];
  for (const chunk of chunks) {
    let value: unknown;
    try {
      value = JSON.parse(chunk);
    } catch {
      continue;
    }
    for (const message of Array.isArray(value) ? value : [value]) {
      const id = isObject(message) ? rpcId(message.id) : null;
      if (id !== null) answers.set(id, "result" in message ? message.result : { rpcError: message.error });
    }
  }
  return answers;
}
