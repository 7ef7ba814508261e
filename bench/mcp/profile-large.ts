import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { importDescription } from "../../worker/openapi/import";
import { generateServer } from "../../worker/deploy/generate";
import { declaresOutputSchemas } from "../../worker/runtime/listing";
const require = createRequire(import.meta.url);
const GITHUB = require.resolve("@octokit/openapi/generated/api.github.com.json");
const { tools } = await importDescription({ text: readFileSync(GITHUB, "utf8"), filename: "github.json" }, { ENVIRONMENT: "development" } as never);
const mode = process.env.MODE === "search" ? "search" : "direct";
const outputs = declaresOutputSchemas(mode, tools);
const config = { serverId: "s", name: "GitHub", version: "1", description: "", baseUrl: "https://api.github.com", auth: { type: "none", strategy: "managed" }, staticValues: {},
  tools: tools.map((t) => ({ name: t.name, title: t.title ?? t.name, description: t.description, inputSchema: t.inputSchema, ...(t.outputSchema && outputs ? { outputSchema: t.outputSchema } : {}), ...(t.annotations ? { annotations: t.annotations } : {}), mapping: t.mapping, ...(mode === "search" ? { tags: t.endpoint.tags } : {}) })),
  upstreamTimeoutMs: 30000, maxResponseBytes: 100000, ...(mode === "search" ? { toolMode: "search" } : {}) } as any;
const gen = await generateServer(config);
for (const [name, m] of Object.entries(gen.modules)) writeFileSync(`/tmp/gen-${mode}-${name}`, "js" in m ? m.js : m.text);
console.log(mode, Object.entries(gen.modules).map(([n, m]) => `${n} ${(("js" in m ? m.js : m.text).length / 1e6).toFixed(2)} MB`).join(", "));
