// zod schemas of what the API's handlers answer (the answer builders in servers/, tokens/, billing/,
// crawl/, mcp/ and admin/), for /api/openapi.json; tests/worker/api-docs.test.ts checks real answers against them.
import { z } from "zod";
import { API_KEY_SCOPES, AUTH_STATUSES, AUTH_STRATEGIES, AUTH_TYPES, CALL_OUTCOMES, CALLER_KINDS, CRAWL_FREQUENCIES, DEPLOYMENT_STATUSES, PAGE_STATUSES, PLAN_TYPES, SERVER_STATUSES } from "../db/schema";

const timestamp = z.iso.datetime().describe("ISO 8601 date and time (UTC)");
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

/** `{ success: true, data }`: most answers wrap their payload in `data`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const okEmpty = z.object({ success: z.literal(true) });
export const errorAnswer = z
  .object({ success: z.literal(false), error: z.string().describe("What went wrong, for people"), requiresUpgrade: z.boolean().optional() })
  .meta({ id: "Error" });

export const endpoint = z.object({ method: z.string(), path: z.string(), summary: z.string().optional(), tags: z.array(z.string()).optional().describe("The operation's tags in the description (at most five)") }).meta({ id: "Endpoint" });

export const deploymentSummary = z
  .object({
    id: z.string(),
    status: z.enum(DEPLOYMENT_STATUSES),
    deploymentUrl: nullable(z.string()),
    error: nullable(z.string()),
    updatedAt: timestamp,
    cloudflareDeploymentId: nullable(z.string()),
    cloudflareProjectId: nullable(z.string()),
  })
  .meta({ id: "DeploymentSummary" });

export const authSummary = z
  .object({
    authType: z.enum(AUTH_TYPES),
    authStrategy: z.enum(AUTH_STRATEGIES),
    status: z.enum(AUTH_STATUSES),
    exposeToPublic: z.boolean(),
    requireToolportLogin: z.boolean(),
    accessControl: z.enum(["public", "toolport-login", "access-token"]),
    updatedAt: timestamp,
  })
  .meta({ id: "AuthSummary" });

export const server = z
  .object({
    id: z.string(),
    name: z.string(),
    description: nullable(z.string()),
    version: z.string(),
    slug: z.string().describe("The MCP endpoint is /s/{slug}/mcp"),
    baseUrl: nullable(z.string()),
    endpoints: z.array(endpoint),
    status: z.enum(SERVER_STATUSES),
    hibernatedReason: nullable(z.enum(["tool_calls", "servers"])),
    deployment: nullable(deploymentSummary),
    automatedCrawlEnabled: z.boolean(),
    automatedCrawlFrequency: z.enum(CRAWL_FREQUENCIES),
    originalCrawlUrl: nullable(z.string()),
    lastCrawledAt: nullable(timestamp).describe("When a crawl last refreshed the tools"),
    lastCrawlError: nullable(z.string()).describe("Why the last re-crawl left the tools as they were"),
    sourceUrl: nullable(z.string()),
    pendingVersionId: nullable(z.string()).optional().describe("A description version waiting to be applied (update available): see /api/servers/{id}/spec/versions"),
    toolCount: z.number().int(),
    activeToolCount: z.number().int(),
    authConfig: nullable(authSummary),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Server" });

const importIssue = z.object({ operation: z.string(), kind: z.enum(["skipped", "degraded"]), reason: z.string() });
export const createdServer = server
  .extend({
    importReport: z.object({
      openapiVersion: z.string(),
      operations: z.number().int(),
      tools: z.number().int(),
      skipped: z.number().int(),
      degraded: z.number().int(),
      activeTools: z.number().int().optional().describe("Tools that start active: at most the plan's maxToolsPerServer"),
      inactiveTools: z.number().int().optional().describe("Tools imported inactive because of the plan's active-tool limit"),
      issues: z.array(importIssue).describe("The first 1,000 entries (then one line saying how many more); the counts cover every entry"),
    }),
  })
  .meta({ id: "CreatedServer" });

/** A large description's import job (POST /api/imports, or POST /api/servers with very many operations). */
export const importJob = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "processing", "completed", "failed"]),
    progress: z.object({
      bytes: z.number().int().describe("Size of the stored description"),
      pathItems: z.number().int().describe("Paths converted so far"),
      totalPathItems: z.number().int().describe("Paths in the description (0 until the job has read it once)"),
      operations: z.number().int(),
      tools: z.number().int(),
    }),
    serverId: nullable(z.string()).describe("The new server, once the job has completed"),
    report: nullable(createdServer.shape.importReport.partial({ issues: true })).describe("The import report (exact counts), once completed"),
    error: nullable(z.string()).describe("Why the job failed"),
    filename: nullable(z.string()),
    sourceUrl: nullable(z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "ImportJob" });

const jsonSchemaObject = z.record(z.string(), z.unknown()).describe("A JSON Schema (draft 2020-12) object");
export const toolMapping = z
  .object({
    name: z.string().meta({ description: "The imported name: the key for toggles and renames" }),
    title: nullable(z.string()),
    description: z.string(),
    customName: nullable(z.string()).meta({ description: "The user's rename, listed to MCP clients instead of name (null: not renamed)" }),
    customDescription: nullable(z.string()).meta({ description: "The user's description, listed instead of description (null: the imported one)" }),
    active: z.boolean(),
    inputSchema: jsonSchemaObject.optional().describe("Left out with view=summary, and for servers of more than 5,000 tools"),
    endpoint,
  })
  .meta({ id: "ToolMapping" });
export const toolsToggled = z.object({
  toolNames: z.array(z.string()).optional(),
  active: z.boolean().optional(),
  activeToolCount: z.number().int().optional(),
  toolName: z.string().optional(),
  name: z.string().optional().meta({ description: "The name MCP clients see after a rename" }),
  customName: nullable(z.string()).optional(),
  customDescription: nullable(z.string()).optional(),
});

const parameterCandidate = z.object({ name: z.string(), type: z.string(), reason: z.string(), confidence: z.number().min(0).max(1) }).meta({ id: "ParameterCandidate" });
const flow = z.object({ tokenUrl: z.string().optional(), authorizationUrl: z.string().optional(), refreshUrl: z.string().optional(), scopes: z.array(z.string()) });
export const authAnalysis = z.object({
  authCandidates: z.array(
    z.object({
      type: z.enum(["bearer", "apiKey", "basic", "oauth2"]),
      schemeName: z.string(),
      source: z.enum(["securitySchemes", "hint"]),
      description: z.string().optional(),
      name: z.string().optional(),
      in: z.enum(["header", "query", "cookie"]).optional(),
      bearerFormat: z.string().optional(),
      flows: z.record(z.string(), flow).optional(),
      tokenUrl: z.string().optional(),
      authorizationUrl: z.string().optional(),
      scopes: z.array(z.string()).optional(),
      openIdConnectUrl: z.string().optional(),
      usedBy: z.number().int(),
      confidence: z.number(),
    }),
  ),
  authContext: z.array(parameterCandidate),
  credentials: z.array(parameterCandidate),
  functional: z.array(parameterCandidate),
  envVarDocs: z.array(z.object({ name: z.string(), description: z.string(), authType: z.string(), secret: z.boolean() })),
});

export const authConfig = z
  .object({
    authType: z.enum(AUTH_TYPES),
    authStrategy: z.enum(AUTH_STRATEGIES),
    status: z.enum(AUTH_STATUSES),
    authContextValues: z.record(z.string(), z.string()).describe("Static parameters: sent with every call, hidden from the model"),
    authContextMetadata: z.array(parameterCandidate),
    maskedSecrets: z.record(z.string(), z.string()).describe("Stored secrets, masked; secrets are never answered"),
    exposeToPublic: z.boolean(),
    requireToolportLogin: z.boolean(),
    settings: z.object({
      apiKey: nullable(z.object({ name: z.string(), in: z.enum(["header", "query", "cookie"]) })),
      oauth2: nullable(z.object({ tokenUrl: z.string(), scopes: z.array(z.string()) })),
    }),
    updatedAt: timestamp,
  })
  .meta({ id: "AuthConfig" });

export const apiConfig = z.object({
  baseUrl: nullable(z.string()),
  authType: z.enum(AUTH_TYPES),
  authStrategy: z.enum(["none", ...AUTH_STRATEGIES]),
  headers: z.record(z.string(), z.string()).describe("Headers sent upstream; secrets masked"),
});

export const deployment = deploymentSummary
  .extend({
    deploymentId: z.string().describe("Content hash of the generated server (the same as id)"),
    mcpUrl: nullable(z.string()),
    provider: z.enum(["loader", "cloudflare"]),
    activeDeploymentId: nullable(z.string()),
    startedAt: nullable(z.string()),
    log: z.array(z.object({ at: z.string(), message: z.string() })),
  })
  .meta({ id: "Deployment" });

export const tokenInfo = z
  .object({
    id: z.string(),
    name: nullable(z.string()),
    prefix: z.string().describe("The token's first characters, to recognise it"),
    isActive: z.boolean(),
    expiresAt: nullable(timestamp),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp),
    serverAssignments: z.array(z.object({ serverId: z.string(), serverName: z.string() })),
  })
  .meta({ id: "AccessToken" });
export const newToken = z.object({ token: z.string().describe("The access token itself: shown once, never again"), tokenInfo });

export const apiKeyInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, to recognise it"),
    scopes: z.array(z.enum(API_KEY_SCOPES)).describe("read: GET routes; servers: create, import, configure and delete servers; deploy: deploy and redeploy"),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp).describe("Recorded at most once a minute"),
    expiresAt: nullable(timestamp),
    revokedAt: nullable(timestamp),
  })
  .meta({ id: "ApiKey" });
export const newApiKey = z.object({ key: z.string().describe("The API key itself (tpk_…): shown once, never again"), apiKey: apiKeyInfo });

export const plan = z
  .object({
    id: z.string(),
    type: z.enum(PLAN_TYPES),
    name: z.string(),
    price: z.number().int().describe("Price per month in cents"),
    description: nullable(z.string()),
    popular: z.boolean(),
    features: z.object({
      maxServers: z.number().int(),
      maxToolsPerServer: z.number().int(),
      maxToolCallsPerMonth: z.number().int(),
      automatedCrawls: z.boolean(),
      apiAccess: z.boolean(),
      prioritySupport: z.boolean(),
      customDomain: z.boolean(),
    }),
  })
  .meta({ id: "Plan" });

export const subscription = z.object({
  plan,
  status: z.enum(["active", "canceled", "past_due"]),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: nullable(timestamp),
  usage: z.object({ serversUsed: z.number().int(), toolCallsThisMonth: z.number().int(), period: z.string().describe("YYYY-MM") }),
  provider: z.enum(["stripe", "local"]),
  testMode: z.boolean(),
});
export const usageCheck = z.object({
  withinLimits: z.boolean(),
  requiresUpgrade: z.boolean(),
  servers: z.object({ used: z.number().int(), limit: z.number().int() }),
  toolCalls: z.object({ used: z.number().int(), limit: z.number().int() }),
});
export const redirectUrl = z.object({ url: z.string().describe("Where to send the browser") });

export const crawlStatus = z.object({
  success: z.literal(true),
  status: z.enum(["crawling", "completed", "failed", "cancelled"]),
  completed: z.number().int(),
  total: z.number().int(),
  pageDetails: z.array(z.object({ url: z.string(), status: z.enum(PAGE_STATUSES), title: nullable(z.string()) })),
  currentProcessing: z.object({ currentUrl: nullable(z.string()), errorCount: z.number().int() }),
  selectedUrls: z.array(z.string()),
  error: nullable(z.string()),
  refresh: nullable(
    z.object({ status: z.enum(["pending", "done", "failed"]), error: nullable(z.string()) }).describe(
      "A re-crawl's refresh of its server's tools, once the crawl is over: done, or failed with why the tools were kept",
    ),
  ),
});

export const profile = z.object({ name: z.string(), email: z.string(), picture: nullable(z.string()), superUser: z.boolean() }).meta({ id: "Profile" });

export const adminServer = z.object({
  id: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  version: z.string(),
  slug: z.string(),
  status: z.enum(SERVER_STATUSES),
  endpoints: z.array(endpoint),
  organizationId: z.string(),
  organization: z.object({ name: z.string(), slug: z.string() }),
  createdBy: nullable(z.object({ name: z.string(), email: z.string() })),
  createdAt: timestamp,
  deployment: nullable(deploymentSummary),
});

export const oauthRequest = z
  .object({
    id: z.string(),
    client: z.object({ id: z.string().describe("The client_id (a URL for a metadata-document client)"), name: z.string(), uri: nullable(z.string()), logoUri: nullable(z.string()), redirectHost: z.string().describe("Where the browser goes after the answer") }),
    server: z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      endpoint: z.string().describe("The MCP endpoint the token will be bound to"),
      organizationName: z.string(),
      toolCount: z.number().int(),
      tools: z.array(z.object({ name: z.string(), description: z.string(), readOnly: z.boolean() })).describe("The first 50 active tools"),
    }),
    user: z.object({ email: z.string(), name: nullable(z.string()) }),
    canApprove: z.boolean(),
    reason: nullable(z.string()).describe("Why this user may not approve, when canApprove is false"),
  })
  .meta({ id: "OAuthRequest" });

export const oauthGrant = z
  .object({
    id: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    serverId: z.string(),
    serverName: z.string(),
    userEmail: z.string(),
    userName: nullable(z.string()),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp).describe("Recorded at most once a minute"),
  })
  .meta({ id: "OAuthGrant" });

const outcome = z.enum(CALL_OUTCOMES);
const outcomeClass = z.enum(["ok", "model", "api", "timeout", "refused"]).describe("ok; model: the model's mistake; api: the API's answer; timeout; refused by the gateway");
const caller = z.object({ kind: z.enum(CALLER_KINDS), id: nullable(z.string()).describe("The access token's or OAuth grant's id"), name: nullable(z.string()) });

export const callRecord = z
  .object({
    id: z.string(),
    at: timestamp,
    tool: z.string(),
    caller,
    outcome,
    outcomeClass,
    upstreamStatus: nullable(z.number().int()),
    latencyMs: z.number().int().describe("gatewayMs + upstreamMs"),
    gatewayMs: z.number().int(),
    upstreamMs: nullable(z.number().int()),
    requestBytes: z.number().int(),
    responseBytes: nullable(z.number().int()),
    error: nullable(z.string()).describe("The first line of the error the model saw"),
    arguments: nullable(z.string()).describe("Redacted, capped JSON: only while the server records payloads"),
    result: nullable(z.string()).describe("Redacted, capped JSON: only while the server records payloads"),
  })
  .meta({ id: "CallRecord" });
export const callPage = z.object({ calls: z.array(callRecord), nextCursor: nullable(z.string()).describe("Pass as cursor for the next page; null on the last") });

const bucket = z.object({ at: timestamp, ok: z.number().int(), model: z.number().int(), api: z.number().int(), timeout: z.number().int(), refused: z.number().int() });
export const callStats = z
  .object({
    server: z.object({ id: z.string(), name: z.string() }),
    window: z.enum(["24h", "7d", "30d"]),
    from: timestamp,
    to: timestamp,
    bucketMs: z.number().int(),
    totals: z.object({ calls: z.number().int(), errors: z.number().int(), errorRate: z.number() }),
    buckets: z.array(bucket).describe("Calls per time bucket by outcome class"),
    tools: z.array(
      z.object({
        tool: z.string(),
        calls: z.number().int(),
        errors: z.number().int(),
        errorRate: z.number(),
        p50Ms: z.number(),
        p95Ms: z.number(),
        avgGatewayMs: z.number().int(),
        avgUpstreamMs: nullable(z.number().int()),
      }),
    ),
    topErrors: z.array(z.object({ outcome, outcomeClass, tool: z.string(), error: nullable(z.string()), count: z.number().int(), lastAt: timestamp })),
    callers: z.array(caller.extend({ calls: z.number().int() })),
  })
  .meta({ id: "CallStats" });
export const callLogSettings = z.object({ recordPayloads: z.boolean(), sensitiveFields: z.array(z.string()), retentionDays: z.number().int().describe("How long the plan keeps call records") });
