// What a server isolate reads its tools text through (env.TOOLS): the Worker that hosts it (the
// gateway, or the portal for a custom domain) answers from KV, kept in its memory, so a new isolate
// starts without the text, a request that reads no tool (initialize) never waits for it, a call reads
// its one tool and a search reads the search part (see runtime/packed.ts). Search mode's semantic
// ranking reads its tool vectors and has requests embedded through it too.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { Bindings } from "../env";
import { loadSearchPart, loadStoredDeployment, loadToolsText, type StoredDeployment } from "./store";
import { embedQuery, loadToolVectors } from "./tool-vectors";
import { spanAt } from "../runtime/packed";

/** Props of a server isolate's env.TOOLS: the one deployment it may read. */
export type ToolsSourceProps = { deploymentId: string };

const missing = (deploymentId: string) => new Error(`The tools of deployment ${deploymentId} are missing: redeploy the server`);

export class DeploymentTools extends WorkerEntrypoint<Bindings, ToolsSourceProps> {
  /** The deployment's whole tools text (see runtime/packed.ts). */
  text(): Promise<string> {
    return this.textOf();
  }

  /** The tool at `position` of the deployment's config: its listed entry and its own part, as JSON. */
  async tool(position: number): Promise<[entry: string, part: string]> {
    const stored = await this.stored();
    const { entries, parts } = stored.packed.spans;
    if (!Number.isInteger(position) || position < 0 || position >= stored.packed.toolNames.length)
      throw new Error(`No tool at position ${position}`);
    const text = await this.textOf();
    return [text.slice(...spanAt(entries, position)), text.slice(...spanAt(parts, position))];
  }

  /** The deployment's search part (search mode): kept apart, so a search never waits for the whole text. */
  async search(): Promise<string> {
    const { deploymentId } = this.ctx.props;
    const part = await loadSearchPart(this.env, deploymentId, await this.stored());
    if (part === null) throw missing(deploymentId);
    return part;
  }

  private async stored(): Promise<StoredDeployment> {
    const stored = await loadStoredDeployment(this.env, this.ctx.props.deploymentId);
    if (!stored) throw missing(this.ctx.props.deploymentId);
    return stored;
  }

  private async textOf(): Promise<string> {
    const text = await loadToolsText(this.env, this.ctx.props.deploymentId);
    if (text === null) throw missing(this.ctx.props.deploymentId);
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
