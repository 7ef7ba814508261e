// The MCP gateway of /s/{slug}/mcp: host and token checks, metering of tools/call, then the
// request handed to the server's deployment through its hosting provider.
import { type Database, getDb } from "../db";
import { isLocalDev, type Bindings } from "../env";
import { redactText } from "../lib/redact";
import { withCors } from "./cors";
import { LOOPBACK_HOSTS, publicHostOf } from "../domains/portal-host";
import { getProvider } from "../hosting";
import { refuseUnauthorizedMcpCall } from "../oauth/mcp-auth";
import { loadStoredDeployment } from "../hosting/store";
import { reachingToolCalls, toolIndexOf, type CheckedCalls } from "./call-check";
import { GatewayError, messagesOf, parseBody, rpcError } from "./jsonrpc";
import { cachedServerBySlug, managedCredentials } from "../servers/read-model";
import { hibernateOrganization, usageMeter, type MeterResult } from "./metering";
import { readTextWithin } from "../lib/body";
import { CallLog } from "../calls/gateway-log";
import type { CallReport } from "../runtime/report";

/** Largest MCP request body the gateway reads (the SDK's own default bound). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** DNS-rebinding protection: on a local portal only loopback (or PUBLIC_URL) hosts and origins pass. */
export function rebindingCheck(env: Bindings, request: Request, customHost?: string, url = new URL(request.url)): string | null {
  const publicHost = publicHostOf(env);
  // A server's active custom domain is a public host of its own, checked like the production portal's (Host only).
  if (customHost && url.host === customHost) return null;
  if (isLocalDev(env)) {
    if (!LOOPBACK_HOSTS.has(url.hostname) && url.host !== publicHost) return `Host ${url.host} is not allowed`;
    const origin = request.headers.get("origin");
    if (origin) {
      let originUrl: URL | null = null;
      try {
        originUrl = new URL(origin);
      } catch {}
      if (!originUrl || (!LOOPBACK_HOSTS.has(originUrl.hostname) && originUrl.host !== publicHost))
        return `Origin ${origin} is not allowed`;
    }
  } else if (publicHost && url.host !== publicHost) {
    return `Host ${url.host} is not allowed`;
  }
  return null;
}

/** One request to a server's MCP endpoint, wherever it arrived: the portal's /s/{slug}/mcp, a custom domain's /mcp, or Try it. */
export type McpEntry = {
  slug: string;
  /** The server's own custom domain the request came in at: it is checked as that host, and OAuth tokens are issued for it. */
  customHost?: string;
  /** Learns the deployed server's report of the calls it ran (upstream status and time), which clients never see. */
  observe?: (reports: CallReport[] | null) => void;
  /** The request's URL, when the caller parsed it already. */
  url?: URL;
};
type Ctx = { waitUntil(promise: Promise<unknown>): void };

/** The one entry of the MCP gateway: the answer with CORS headers, an unexpected failure as a JSON-RPC error. */
export async function serveMcp(request: Request, env: Bindings, ctx: Ctx, entry: McpEntry): Promise<Response> {
  const origin = request.headers.get("origin") ?? undefined;
  try {
    return withCors(await gatewayAnswer(request, getDb(env.DB), env, (p) => ctx.waitUntil(p), entry), origin);
  } catch (err) {
    console.error("Unhandled error", request.method, new URL(request.url).pathname, redactText((err as Error)?.stack ?? String(err)));
    return withCors(rpcError(500, -32603, "Internal server error"), origin);
  }
}

async function gatewayAnswer(
  request: Request,
  db: Database,
  env: Bindings,
  waitUntil: (p: Promise<unknown>) => void,
  { slug, customHost, observe, url }: McpEntry,
) {
  const started = Date.now();
  const refused = rebindingCheck(env, request, customHost, url);
  if (refused) return rpcError(403, GatewayError.Forbidden, `Forbidden: ${refused} (DNS rebinding protection)`);
  const found = await cachedServerBySlug(db, slug);
  if (!found || found.server.status === "removed") return rpcError(404, GatewayError.ServerNotFound, `No MCP server at /s/${slug}`);
  const { server, auth, plan } = found;
  // The call log: each tools/call's record is gathered here and sent off the request path.
  const callLog = new CallLog(env, waitUntil, found, started, observe);

  if (!auth?.exposeToPublic) {
    const refusal = await refuseUnauthorizedMcpCall(request, db, env, waitUntil, {
      slug,
      serverId: server.id,
      customHost,
      onCaller: callLog.setCaller,
    });
    if (refusal) return callLog.unauthorized(request, refusal);
  }
  if (!server.activeDeploymentId) {
    return rpcError(503, GatewayError.NotDeployed, `The MCP server '${server.name}' has not been deployed yet: deploy it from the portal`);
  }

  let body: string | null = null;
  let parsed: unknown;
  let callId: string | number | null = null;
  let checked: CheckedCalls | undefined;
  const paused = (message: string, why: "paused" | "over_limit" = "paused") =>
    callLog.refused(why, rpcError(200, GatewayError.ServerPaused, message, callId));
  if (request.method === "POST") {
    // Capped while reading: a chunked body declares no length, and nothing is metered before the cap.
    const tooLarge = () => rpcError(413, -32600, "Request body too large (limit 4 MB)");
    const length = request.headers.get("content-length");
    if (Number(length ?? 0) > MAX_BODY_BYTES) return tooLarge();
    // A declared length bounds the body already (one read); a chunked body is counted as it comes.
    body = length !== null ? await request.text() : await readTextWithin(request.body, MAX_BODY_BYTES);
    if (body === null) return tooLarge();
    parsed = parseBody(body);
    const calls = messagesOf(parsed).filter((m) => m.method === "tools/call");
    if (calls.length > 0) {
      callId = calls[0].id ?? null;
      callLog.read(parsed, body);
      if (server.status === "hibernated") {
        const why =
          server.hibernatedReason === "servers"
            ? "the organization has more servers than its plan allows (maxServers)"
            : `the monthly tool-call limit of the ${plan?.name ?? "current"} plan (${plan?.maxToolCallsPerMonth.toLocaleString("en-US") ?? "?"} calls, maxToolCallsPerMonth) was reached`;
        return paused(
          `This MCP server is paused (hibernated): ${why}. Upgrade the plan, or wait for the usage reset on the 1st of the month.`,
        );
      }
      // Only calls that will reach their tool are counted (the deployment's tool list is read once per isolate).
      const stored = await loadStoredDeployment(env, server.activeDeploymentId);
      const index = stored ? toolIndexOf(env, server.activeDeploymentId, stored) : null;
      const reaching = await reachingToolCalls(request.headers, parsed, index);
      const count = reaching.count;
      // The isolate, handed these calls by RPC, does not check their arguments again.
      checked = reaching.checked;
      const metered = {
        serverId: server.id,
        organizationId: server.organizationId,
        limit: plan?.maxToolCallsPerMonth ?? 0,
        planName: plan?.name ?? "current",
      };
      // A request none of whose calls reach a tool is answered by the server's refusal, uncounted.
      // Counted before the call leaves, from this isolate's lease (no I/O) or, without one, by the ledger.
      if (count > 0) {
        let counted: MeterResult;
        try {
          counted = await usageMeter.take(env, metered, count, waitUntil);
        } catch (err) {
          console.error("Metering failed", String(err));
          return rpcError(503, -32603, "Tool calls cannot be counted right now, so none are made: try again in a moment", callId);
        }
        if (!counted.ok) {
          await hibernateOrganization(db, server.organizationId);
          return paused(counted.message, "over_limit");
        }
      }
    }
  }

  const served = {
    deploymentId: server.activeDeploymentId,
    slug,
    secretsTag: found.secretsTag,
    credentials: () => managedCredentials(env.SECRETS_KEY, auth),
  };
  const call = { request, parsed, checked, forwarded: () => forwardedRequest(slug, request, body) };
  return callLog.forwarded(getProvider(env, found.provider).serve(env, served, call), request);
}

/** The client's request as a server's isolate gets it over HTTP: the body as read, without the client's credentials. */
function forwardedRequest(slug: string, request: Request, body: string | null) {
  const headers = new Headers(request.headers);
  headers.delete("authorization");
  headers.delete("cookie");
  return new Request(`https://${slug}.mcp.internal/mcp`, { method: request.method, headers, body });
}
