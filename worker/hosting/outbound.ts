// The portal-side egress guard of deployments made before the runtime checked its own egress: their
// isolate's globalOutbound. Same rule and messages as the runtime's (worker/runtime/egress.ts).
import { WorkerEntrypoint } from "cloudflare:workers";
import { isLocalDev } from "../env";
import { guardedFetch } from "../runtime/egress";

export type OutboundProps = { allowedHosts: string[] };

export class OutboundGuard extends WorkerEntrypoint<Env, OutboundProps> {
  fetch(request: Request): Promise<Response> {
    // (workerd hands the guard each request as "manual"; redirects are followed and checked there.)
    return guardedFetch(request, { allowedHosts: this.ctx.props.allowedHosts, localDev: isLocalDev(this.env) });
  }
}
