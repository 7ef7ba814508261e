// The only way out of a generated server's isolate: requests to its API's host(s) pass, others are refused.
import { WorkerEntrypoint } from "cloudflare:workers";
import { isLocalDev } from "../env";
import { isInternalHost } from "../lib/safe-fetch";

export type OutboundProps = { allowedHosts: string[] };

export class OutboundGuard extends WorkerEntrypoint<Env, OutboundProps> {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const allowed = this.ctx.props.allowedHosts;
    if (!allowed.includes(url.host) || (!isLocalDev(this.env) && isInternalHost(url.hostname))) {
      return new Response(`Outbound request refused: this MCP server may only call ${allowed.join(", ")}, not ${url.host}`, {
        status: 403,
        headers: { "content-type": "text/plain" },
      });
    }
    return fetch(request);
  }
}
