// What a server isolate reads its tools text through (env.TOOLS): the Worker that hosts it (the
// gateway, or the portal for a custom domain) answers from KV, kept in its memory, so a new isolate
// starts without the text and a request that reads no tool (initialize) never waits for it. Search
// mode's semantic ranking reads its tool vectors and has requests embedded through it too.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { Bindings } from "../env";
import { loadToolsText } from "./store";
import { embedQuery, loadToolVectors } from "./tool-vectors";

/** Props of a server isolate's env.TOOLS: the one deployment it may read. */
export type ToolsSourceProps = { deploymentId: string };

export class DeploymentTools extends WorkerEntrypoint<Bindings, ToolsSourceProps> {
  /** The deployment's whole tools text (see runtime/packed.ts). */
  async text(): Promise<string> {
    const { deploymentId } = this.ctx.props;
    const text = await loadToolsText(this.env, deploymentId);
    if (!text) throw new Error(`The tools of deployment ${deploymentId} are missing: redeploy the server`);
    return text;
  }

  /** Search mode's tool vectors, kept at deploy when Workers AI is configured (see tool-vectors.ts); null otherwise. */
  async vectors(): Promise<string | null> {
    return loadToolVectors(this.env, this.ctx.props.deploymentId);
  }

  /** A search request's embedding; null without Workers AI. */
  async embedQuery(query: string): Promise<number[] | null> {
    return typeof query === "string" ? embedQuery(this.env, query) : null;
  }
}
