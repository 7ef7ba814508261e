// Search mode's semantic ranking, the portal's side: with a Workers AI binding the deploy job embeds
// each tool of a search-mode deployment once and keeps the vectors in KV; a server isolate reads them
// and has requests embedded through DeploymentTools. Workers AI does not run here: the binding below is
// a stand-in answering in its shape ({ shape, data }), one vector per text.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servers } from "../../../worker/db/schema";
import type { Bindings } from "../../../worker/env";
import { DeploymentTools } from "../../../worker/hosting/tools-source";
import { EMBEDDING_MODEL, embedDeploymentTools, loadToolVectors } from "../../../worker/hosting/tool-vectors";
import type { KeptVectors } from "../../../worker/runtime/search-semantic";
import { createOrg, createServer, db, deploy, echoTool, useProviderSettings } from "../mcp-setup";

/** A Workers AI stand-in: each text's vector is its length and its word count; it records each call's batch. */
function standInAi(options: { fail?: boolean; short?: boolean } = {}) {
  const calls: { model: string; text: string[] }[] = [];
  const AI = {
    async run(model: string, inputs: { text: string[] }) {
      calls.push({ model, text: inputs.text });
      if (options.fail) throw new Error("5007: No such model or task");
      const data = inputs.text.slice(options.short ? 1 : 0).map((t) => [t.length, t.split(" ").length, 1]);
      return { shape: [data.length, 3], data };
    },
  };
  return { AI: AI as unknown as Ai, calls };
}

/** A search-mode server of `count` tools, deployed with the given Workers AI binding in its Deployment object. */
async function deployedSearchServer(count: number, ai: Ai) {
  const org = await createOrg("growth");
  const tools = Array.from({ length: count }, (_, i) => ({ ...echoTool(`tool_${i}`, {}), description: `Reads thing number ${i}` }));
  const server = await createServer(org, tools);
  await db.update(servers).set({ toolMode: "search" }).where(eq(servers.id, server.id));
  await useProviderSettings(server.id, { AI: ai });
  const deployment = await deploy(server.id);
  return { deployment };
}

describe("search by meaning at deploy", () => {
  it("embeds every tool of a search-mode deployment in batches and keeps one vector each", async () => {
    const ai = standInAi();
    const { deployment } = await deployedSearchServer(230, ai.AI);
    expect(deployment.status).toBe("deployed");
    expect(ai.calls.map((c) => [c.model, c.text.length])).toEqual([
      [EMBEDDING_MODEL, 100],
      [EMBEDDING_MODEL, 100],
      [EMBEDDING_MODEL, 30],
    ]);
    expect(ai.calls[0].text[0]).toBe("tool_0. GET /echo/tool_0. Reads thing number 0");
    const kept = JSON.parse((await loadToolVectors(env, deployment.deploymentId!))!) as KeptVectors;
    expect(kept).toMatchObject({ model: EMBEDDING_MODEL, dims: 3, count: 230 });
    expect(JSON.stringify(deployment.log)).toContain("Embedded 230 tools for search by meaning");
  });

  it("deploys and ranks by words alone when Workers AI fails or answers too few vectors", async () => {
    for (const ai of [standInAi({ fail: true }), standInAi({ short: true })]) {
      const { deployment } = await deployedSearchServer(3, ai.AI);
      expect(deployment.status).toBe("deployed");
      expect(await loadToolVectors(env, deployment.deploymentId!)).toBeNull();
      expect(JSON.stringify(deployment.log)).toContain("Search by meaning is off for this deployment (search by words still works)");
    }
  });

  it("embeds nothing without Workers AI or in direct mode", async () => {
    const config = { toolMode: "direct", tools: [{ title: "A", description: "", mapping: { method: "get", path: "/a" } }] } as never;
    const ai = standInAi();
    expect(await embedDeploymentTools({ ...env, AI: ai.AI } as Bindings, "direct-mode", config)).toBe(0);
    expect(await embedDeploymentTools(env, "no-ai", { ...(config as object), toolMode: "search" } as never)).toBe(0);
    expect(ai.calls).toEqual([]);
  });
});

describe("DeploymentTools: what a server isolate reads for search by meaning", () => {
  it("answers the deployment's vectors and a request's embedding, with the retrieval instruction and a bounded length", async () => {
    const ai = standInAi();
    const { deployment } = await deployedSearchServer(2, ai.AI);
    const source = (bindings: Bindings) =>
      new DeploymentTools({ props: { deploymentId: deployment.deploymentId! } } as never, bindings) as unknown as {
        vectors(): Promise<string | null>;
        embedQuery(query: string): Promise<number[] | null>;
      };
    expect(JSON.parse((await source(env).vectors())!)).toMatchObject({ count: 2 });
    expect(await source(env).embedQuery("report a bug")).toBeNull();
    const embedded = await source({ ...env, AI: ai.AI } as Bindings).embedQuery(`report a bug ${"x".repeat(2000)}`);
    expect(embedded).toHaveLength(3);
    const asked = ai.calls.at(-1)!.text[0];
    expect(asked.startsWith("Represent this sentence for searching relevant passages: report a bug")).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(600);
  });
});
