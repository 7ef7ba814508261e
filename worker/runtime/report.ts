// What a generated server tells the gateway about each tools/call it ran (tool, outcome, upstream
// status and latency, result size, a short error): beside the answer of an RPC call, else in one
// response header the gateway strips before it answers the client. Only the server knows these: it
// is where the upstream call is made.
import type { CallToolResult } from "@modelcontextprotocol/server";

export const CALL_REPORT_HEADER = "x-toolport-call-report";

/** What became of a call inside the server (the gateway adds its own refusals). */
export type ReportedOutcome = "ok" | "invalid_arguments" | "unknown_tool" | "upstream_4xx" | "upstream_5xx" | "timeout" | "failed";
export type CallReport = {
  id: string | number | null;
  tool: string;
  outcome: ReportedOutcome;
  status?: number;
  upstreamMs?: number;
  resultBytes?: number;
  error?: string;
};
/** Filled in by callTool: how the upstream request went. */
export type UpstreamTrace = { status?: number; ms?: number; timedOut?: boolean; failed?: boolean };

/** A header stays well under workerd's limits; longer reports lose their error texts, then their tail. */
const MAX_HEADER_CHARS = 16_000;
const MAX_ERROR_CHARS = 200;

const reports = new WeakMap<Request, CallReport[]>();

/** Starts collecting the calls served for `request` (the request the SDK hands the factory as requestInfo). */
export function startReport(request: Request): CallReport[] {
  const report: CallReport[] = [];
  reports.set(request, report);
  return report;
}

/** The report of the request being served, if one was started. */
export const reportOf = (request: Request | undefined) => (request ? reports.get(request) : undefined);

const encoder = new TextEncoder();

/** UTF-8 bytes of a result's content (text and embedded data), without serialising it again. */
function resultBytes(result: CallToolResult): number {
  let bytes = 0;
  for (const item of result.content ?? []) {
    if (item.type === "text") bytes += encoder.encode(item.text).length;
    else if (item.type === "resource" && "blob" in item.resource) bytes += item.resource.blob.length;
  }
  return bytes;
}

/** The first line of an error result, short: never the API's body excerpt that follows it. */
const errorLine = (result: CallToolResult) => {
  const first = result.content?.[0];
  const text = first?.type === "text" ? first.text : "";
  const line = text.split("\n", 1)[0].replace(/:$/, "");
  return line.length > MAX_ERROR_CHARS ? `${line.slice(0, MAX_ERROR_CHARS - 1)}…` : line;
};

/** Records one finished call: its outcome follows from the argument check and the upstream trace. */
export function recordCall(
  report: CallReport[] | undefined,
  id: CallReport["id"],
  tool: string,
  result: CallToolResult,
  trace: UpstreamTrace,
  invalidArguments = false,
) {
  if (!report) return;
  let outcome: ReportedOutcome = "ok";
  if (invalidArguments) outcome = "invalid_arguments";
  else if (trace.timedOut) outcome = "timeout";
  else if (trace.status !== undefined && trace.status >= 500) outcome = "upstream_5xx";
  else if (trace.status !== undefined && trace.status >= 400) outcome = "upstream_4xx";
  else if (trace.failed) outcome = "failed";
  const entry: CallReport = { id, tool, outcome, resultBytes: resultBytes(result) };
  if (trace.status !== undefined) entry.status = trace.status;
  if (trace.ms !== undefined) entry.upstreamMs = trace.ms;
  if (result.isError) entry.error = errorLine(result);
  report.push(entry);
}

/** Records a call of a tool the server does not have. */
export function recordUnknownTool(report: CallReport[] | undefined, id: CallReport["id"], tool: string, message: string) {
  report?.push({ id, tool: tool.slice(0, 200), outcome: "unknown_tool", error: message.slice(0, MAX_ERROR_CHARS) });
}

/** The answer with the report attached (an SSE answer is left alone: its headers left before the calls ended). */
export function withReport(res: Response, report: CallReport[]): Response {
  if (report.length === 0 || (res.headers.get("content-type") ?? "").includes("text/event-stream")) return res;
  let value = encodeURIComponent(JSON.stringify(report));
  if (value.length > MAX_HEADER_CHARS) value = encodeURIComponent(JSON.stringify(report.map(({ error: _, ...rest }) => rest)));
  while (value.length > MAX_HEADER_CHARS && report.length > 1) {
    report = report.slice(0, Math.floor(report.length / 2));
    value = encodeURIComponent(JSON.stringify(report.map(({ error: _, ...rest }) => rest)));
  }
  // The SDK's own answers have mutable headers; anything else is copied first.
  try {
    res.headers.set(CALL_REPORT_HEADER, value);
    return res;
  } catch {
    const answer = new Response(res.body, res);
    answer.headers.set(CALL_REPORT_HEADER, value);
    return answer;
  }
}

/** An answer over HTTP without its report header, and the report it carried (null without one, or an unreadable one). */
export function readReport(res: Response): { response: Response; reports: CallReport[] | null } {
  const header = res.headers.get(CALL_REPORT_HEADER);
  if (header === null) return { response: res, reports: null };
  const response = new Response(res.body, res);
  response.headers.delete(CALL_REPORT_HEADER);
  try {
    const value = JSON.parse(decodeURIComponent(header)) as unknown;
    return { response, reports: Array.isArray(value) ? (value as CallReport[]) : null };
  } catch {
    return { response, reports: null };
  }
}
