// The generator: a server's D1 rows → its config and its hash (the deployment id), then its modules
// (see runtime/packed.ts). No secret ever goes into generated code.
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, servers, tools } from "../db/schema";
import { fail } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import type { AuthSettings, AuthType, JsonSchemaObject, ToolAnnotations, ToolMapping } from "../openapi/types";
import { packConfig } from "../runtime/pack";
import type { PackedConfig } from "../runtime/packed";
import { RUNTIME_HASH } from "./runtime-bundle";
import { declaresOutputSchemas } from "../runtime/listing";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS, type RuntimeConfig } from "../runtime/types";

export type AuthConfigRow = typeof authConfigs.$inferSelect;
export type GenerateOptions = { baseUrl?: string; upstreamTimeoutMs?: number; maxResponseBytes?: number };

/** A module of a generated Worker, as the Worker Loader takes it: JavaScript, or text it imports as a string. */
export type GeneratedModule = { js: string } | { text: string };

/**
 * The generated Worker: its modules (all but the runtime's, which are kept by their hash), its tools
 * text, content hash and the hosts it may call. Its main module reads the tools text from env.TOOLS
 * when a request first needs it (see hosting/tools-source.ts), so a new isolate starts without it.
 */
export type GeneratedServer = {
  deploymentId: string;
  config: RuntimeConfig;
  /** The config module's value: settings, tool names and where each tool is in the tools text. */
  packed: PackedConfig;
  modules: Record<string, GeneratedModule>;
  /** The tools text (see runtime/packed.ts). */
  text: string;
  allowedHosts: string[];
};

export const MAIN_MODULE = "index.js";
export const RUNTIME_MODULE = "runtime.js";
export const TOOLS_MODULE = "tools.txt";
/**
 * A generated Worker's main module: its entrypoint serves any MCP request by `fetch`, and a plain one
 * the gateway has read and parsed already by the RPC method `answer` (see runtime/index.ts servePacked).
 */
const mainSource = (embedded: boolean) =>
  `import { WorkerEntrypoint } from "cloudflare:workers";\n` +
  `import { servePacked } from "./${RUNTIME_MODULE}";\nimport config from "./config.js";\n` +
  (embedded
    ? `import tools from "./${TOOLS_MODULE}";\nconst server = servePacked(config, tools);\n`
    : `const server = servePacked(config);\n`) +
  `export default class extends WorkerEntrypoint {\n` +
  `  fetch(request) { return server.fetch(request, this.env, this.ctx); }\n` +
  `  answer(plain, headers) { return server.answer(plain, headers, this.env, this.ctx); }\n}\n`;
export const MAIN_SOURCE = mainSource(false);
const EMBEDDED_MAIN_SOURCE = mainSource(true);

/** A runtime's modules (kept as sources by file name) as a Worker's modules. */
export const runtimeModules = (runtime: Record<string, string>): Record<string, GeneratedModule> =>
  Object.fromEntries(Object.entries(runtime).map(([name, js]) => [name, { js }]));

/** The modules of a Worker that carries its tools text as a module (uploaded to a dispatch namespace, where no env.TOOLS reaches it). */
export const embeddedModules = (server: Pick<GeneratedServer, "modules" | "text">): Record<string, GeneratedModule> => ({
  ...server.modules,
  [MAIN_MODULE]: { js: EMBEDDED_MAIN_SOURCE },
  [TOOLS_MODULE]: { text: server.text },
});

const AUTH_TYPE_OF: Record<AuthConfigRow["authType"], AuthType> = {
  none: "none",
  bearer: "bearer",
  apiKey: "apiKey",
  basic: "basic",
  oauth2: "oauth2",
  oauthClientCreds: "oauth2",
  oauthCode: "bearer",
};

type ApiKeyPlace = NonNullable<AuthSettings["apiKey"]>["in"];
/** An auth config row's settings as the portal writes them; rows from before `apiKey`/`oauth2` hold their fields flat. */
type StoredAuthSettings = {
  apiKey?: { name?: string; in?: ApiKeyPlace } | null;
  oauth2?: { tokenUrl?: string; scopes?: string[] } | null;
  name?: string;
  in?: ApiKeyPlace;
  tokenUrl?: string;
  scopes?: string[];
};

/** The upstream auth settings of an auth config row (never its secrets). */
export function authSettingsOf(row: AuthConfigRow | null | undefined): AuthSettings {
  if (!row) return { type: "none", strategy: "managed" };
  const s = row.settings as StoredAuthSettings;
  const settings: AuthSettings = { type: AUTH_TYPE_OF[row.authType], strategy: row.authStrategy };
  const apiKey = s.apiKey ?? (s.name ? { name: s.name, in: s.in ?? "header" } : undefined);
  if (settings.type === "apiKey") settings.apiKey = { name: apiKey?.name ?? "X-API-Key", in: apiKey?.in ?? "header" };
  const oauth2 = s.oauth2 ?? (s.tokenUrl ? { tokenUrl: s.tokenUrl, scopes: s.scopes } : undefined);
  if (settings.type === "oauth2" && oauth2?.tokenUrl)
    settings.oauth2 = { tokenUrl: oauth2.tokenUrl, ...(oauth2.scopes ? { scopes: oauth2.scopes } : {}) };
  return settings;
}

/** Builds the runtime config of a server from its current rows (active tools only). */
export async function loadServerConfig(db: Database, serverId: string, options: GenerateOptions = {}): Promise<RuntimeConfig> {
  const server = await db.query.servers.findFirst({ where: eq(servers.id, serverId) });
  if (!server) fail(404, "Server not found");
  const [auth, activeTools] = await Promise.all([
    db.query.authConfigs.findFirst({ where: eq(authConfigs.serverId, serverId) }),
    db
      .select()
      .from(tools)
      .where(and(eq(tools.serverId, serverId), eq(tools.active, true)))
      .orderBy(asc(tools.position), asc(tools.name)),
  ]);
  const baseUrl = server.baseUrl ?? options.baseUrl;
  const withOutputs = declaresOutputSchemas(server.toolMode, activeTools);
  if (!baseUrl) fail(400, "The server has no base URL: set the API's base URL before deploying");
  return {
    serverId,
    name: server.name,
    version: server.version,
    description: server.description ?? "",
    baseUrl,
    auth: authSettingsOf(auth),
    staticValues: Object.fromEntries(Object.entries(auth?.authContextValues ?? {}).filter(([, v]) => v !== "")),
    tools: activeTools.map((t) => ({
      name: t.customName ?? t.name,
      title: t.title ?? t.name,
      description: t.customDescription ?? t.description,
      inputSchema: t.inputSchema as JsonSchemaObject,
      ...(t.outputSchema && withOutputs ? { outputSchema: t.outputSchema as JsonSchemaObject } : {}),
      ...(t.annotations ? { annotations: t.annotations as ToolAnnotations } : {}),
      mapping: t.mapping as ToolMapping,
      ...(server.toolMode === "search" && t.endpoint?.tags ? { tags: t.endpoint.tags } : {}),
    })),
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? server.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    ...(server.toolMode === "search" ? { toolMode: "search" as const } : {}),
  };
}

/**
 * A deployment's id: the SHA-256 of the runtime, the main module and the config, which determine every
 * generated module. The portal answers a deploy with it before the job generates the modules.
 */
export const deploymentIdOf = async (config: RuntimeConfig) =>
  (await sha256Hex(`${RUNTIME_HASH}\n${MAIN_SOURCE}\n${JSON.stringify(config)}`)).slice(0, 32);

/**
 * Generates a server's modules (see runtime/packed.ts): done by the deploy job, as packing a large server
 * (its search index) takes seconds. The job passes the id the deploy request computed, so the config is hashed once.
 */
export async function generateServer(config: RuntimeConfig, deploymentId?: string): Promise<GeneratedServer> {
  const packed = packConfig(config);
  const modules: Record<string, GeneratedModule> = {
    [MAIN_MODULE]: { js: MAIN_SOURCE },
    "config.js": { js: `// Generated by Toolport for server ${config.serverId}.\nexport default ${JSON.stringify(packed.config)};\n` },
  };
  return {
    deploymentId: deploymentId ?? (await deploymentIdOf(config)),
    config,
    packed: packed.config,
    modules,
    text: packed.text,
    allowedHosts: packed.config.allowedHosts,
  };
}
