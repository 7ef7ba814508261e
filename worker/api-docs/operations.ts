// Every operation of the portal's API: the zod schemas the routes validate with, the answers the
// handlers build, and the errors they answer. /api/openapi.json is generated from this list.
import { z } from "zod";
import { newApiKeyBody } from "../api-keys/routes";
import { fieldsSchema } from "../servers/source";
import { saveSchema } from "../routes/auth-config";
import { checkoutBody, usageCheckBody } from "../routes/billing";
import { crawlBody, idParam, mapBody } from "../routes/crawl";
import { deployBody } from "../routes/deployment";
import { automatedBody, fromSpecBody } from "../routes/server-crawl";
import { mappingsQuery, toggleSchema, toolModeSchema, toolSettingsAnswer } from "../routes/servers";
import { decisionBody } from "../routes/oauth";
import { addDomainBody } from "../routes/domains";
import { uploadQuery } from "../imports/routes";
import { redeployParam } from "../routes/superadmin";
import { callLogSettingsBody, callsQuery, statsQuery } from "../calls/routes";
import { assignServersBody, newTokenBody } from "../routes/tokens";
import * as a from "./answers";

export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/servers/{id}. */
  path: string;
  /** snake_case, so a tool made from it reads well to a model. */
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** No session needed. */
  public?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { schema: z.ZodType; required?: boolean; alternatives?: Record<string, z.ZodType> };
  /** JSON answer of a success; `other` describes an answer that is not JSON (a redirect, a page). */
  answer: { status: number; schema: z.ZodType } | { status: number; other: { description: string; contentType?: string; headers?: Record<string, string> } };
  /** Status → when it happens. */
  errors?: Record<number, string>;
};

const serverId = z.object({ id: z.string().describe("The server's id") });
const tokenId = z.object({ id: idParam.shape.id.describe("The access token's id") });
const notFound = { 404: "Server not found (or it belongs to another organization)" };
const paused = { 409: "This server is paused due to plan limits. Upgrade your plan to resume." };
const servers: Operation[] = [
  { method: "get", path: "/api/servers", operationId: "list_servers", tag: "Servers", summary: "List the organization's MCP servers", answer: { status: 200, schema: a.ok(z.array(a.server)) } },
  {
    method: "post",
    path: "/api/servers",
    operationId: "create_server",
    tag: "Servers",
    summary: "Add a server from an OpenAPI description (a URL or an uploaded .json, .yaml or .yml file)",
    description: "Imports the description into tools (the first ones up to the plan's maxToolsPerServer start active). Send multipart/form-data with `file` or `url`, or JSON with `url`.",
    body: {
      schema: fieldsSchema.extend({ url: fieldsSchema.shape.url.describe("URL of an OpenAPI 3.x or Swagger 2.0 description") }),
      required: true,
      alternatives: { "multipart/form-data": fieldsSchema.extend({ file: z.file().describe("A .json, .yaml or .yml OpenAPI description").optional() }) },
    },
    answer: { status: 201, schema: a.ok(a.createdServer) },
    errors: { 400: "No description given, an unsupported file type, or a description that cannot be imported", 403: "Server limit of the plan reached", 413: "The description is too large", 502: "The URL could not be fetched" },
  },
  { method: "get", path: "/api/servers/{id}", operationId: "get_server", tag: "Servers", summary: "Read one server", params: serverId, answer: { status: 200, schema: a.ok(a.server) }, errors: notFound },
  { method: "delete", path: "/api/servers/{id}", operationId: "delete_server", tag: "Servers", summary: "Delete a server with its tools, authentication and token assignments", params: serverId, answer: { status: 200, schema: a.ok(z.object({ id: z.string() })) }, errors: notFound },
  { method: "get", path: "/api/servers/{id}/mappings", operationId: "list_tools", tag: "Tools", summary: "List a server's tools with their input schemas and endpoints", description: "view=summary leaves out the input schemas and cuts descriptions to 300 characters; a server of more than 5,000 tools always answers the summary.", params: serverId, query: mappingsQuery, answer: { status: 200, schema: a.ok(z.array(a.toolMapping)) }, errors: notFound },
  {
    method: "patch",
    path: "/api/servers/{id}/tools",
    operationId: "set_tools_active",
    tag: "Tools",
    summary: "Turn one tool (toolName) or several (toolNames) on or off; rename one tool (name: ^[a-zA-Z0-9_-]{1,64}$, unique in the server) or rewrite its description (at most 2000 characters); an empty name or description restores the imported one",
    params: serverId,
    body: { schema: toggleSchema, required: true },
    answer: { status: 200, schema: a.ok(a.toolsToggled) },
    errors: { 400: "Invalid body, tool name or description", 403: "Tool limit of the plan reached", 404: "Server or tool not found", ...paused, 409: "The server is paused by plan limits, or another of its tools has that name" },
  },
  { method: "get", path: "/api/servers/{id}/tool-mode", operationId: "get_tool_mode", tag: "Tools", summary: "Read how the server exposes its tools (direct or search) and its response budget (maxResponseBytes)", params: serverId, answer: { status: 200, schema: a.ok(toolSettingsAnswer) }, errors: notFound },
  {
    method: "patch",
    path: "/api/servers/{id}/tool-mode",
    operationId: "set_tool_mode",
    tag: "Tools",
    summary: "Expose the server's active tools directly (direct) or through search_tools, describe_tool and call_tool (search), and/or set the response budget (maxResponseBytes, 1,000 to 1,000,000 UTF-8 bytes; answers over it are cut with a note); applies at the next deploy",
    params: serverId,
    body: { schema: toolModeSchema, required: true },
    answer: { status: 200, schema: a.ok(toolSettingsAnswer) },
    errors: { 400: "Invalid body", 404: "Server not found", ...paused },
  },
];

const auth: Operation[] = [
  { method: "post", path: "/api/servers/{id}/analyse-auth", operationId: "analyse_server_auth", tag: "Authentication", summary: "Detect how the server's API authenticates and which parameters should be static", params: serverId, answer: { status: 200, schema: a.ok(a.authAnalysis) }, errors: notFound },
  { method: "get", path: "/api/servers/{id}/auth-config", operationId: "get_auth_config", tag: "Authentication", summary: "Read the server's saved authentication (secrets masked)", params: serverId, answer: { status: 200, schema: a.ok(a.authConfig) }, errors: { 404: "Server not found, or authentication is not configured for this server" } },
  {
    method: "post",
    path: "/api/servers/{id}/auth-config",
    operationId: "save_auth_config",
    tag: "Authentication",
    summary: "Save the server's authentication: managed or passthrough, secrets, static parameters and access control",
    params: serverId,
    body: { schema: saveSchema, required: true },
    answer: { status: 200, schema: a.ok(a.authConfig) },
    errors: { 400: "Missing credentials for managed authentication, no access token assigned, or a blank static parameter", ...notFound, ...paused },
  },
  { method: "delete", path: "/api/servers/{id}/auth-config/secrets", operationId: "delete_auth_secrets", tag: "Authentication", summary: "Delete the server's stored secrets (its status becomes not_configured)", params: serverId, answer: { status: 200, schema: a.okEmpty }, errors: { ...notFound, ...paused } },
  { method: "get", path: "/api/servers/{id}/assigned-tokens", operationId: "list_assigned_token_ids", tag: "Access tokens", summary: "Ids of the active access tokens assigned to a server", params: serverId, answer: { status: 200, schema: a.ok(z.array(z.string())) }, errors: notFound },
];

const diffEntry = z.object({
  kind: z.enum(["added", "removed", "renamed", "changed"]),
  tool: z.string(),
  from: z.string().optional().describe("The old name of a renamed tool"),
  method: z.string(),
  path: z.string(),
  changes: z.array(z.string()),
  breaking: z.boolean().describe("A call that works today could fail after this change"),
});
const specVersion = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "applied", "superseded", "discarded"]),
    origin: z.enum(["initial", "file", "url", "sync"]),
    sourceUrl: z.string().nullable(),
    filename: z.string().nullable(),
    title: z.string().nullable(),
    version: z.string().nullable(),
    toolCount: z.number().int(),
    breaking: z.boolean(),
    diff: z
      .object({ entries: z.array(diffEntry), breaking: z.boolean(), counts: z.object({ added: z.number().int(), removed: z.number().int(), renamed: z.number().int(), changed: z.number().int() }), authChanged: z.boolean() })
      .nullable()
      .describe("The changes against the server's tools when this version was prepared (breaking first)"),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: "SpecVersion" });
const versionId = serverId.extend({ versionId: z.string().describe("The version's id") });
const notUrlServer = "Only servers created from a description URL can be synced";
const versions: Operation[] = [
  {
    method: "put",
    path: "/api/servers/{id}/spec",
    operationId: "push_description",
    tag: "Description versions",
    summary: "Push a new description (file or URL) as a pending version and get its diff; nothing changes until it is applied",
    description: "Same body, limits and errors as creating a server: multipart/form-data with `file`, or JSON or a form with `url`.",
    params: serverId,
    body: { schema: z.object({ url: z.string().max(2048).optional().describe("URL of an OpenAPI 3.x or Swagger 2.0 description") }), required: true, alternatives: { "multipart/form-data": z.object({ file: z.file().describe("A .json, .yaml or .yml OpenAPI description") }) } },
    answer: { status: 201, schema: a.ok(specVersion) },
    errors: { 400: "No description given, an unsupported file type, or a description that cannot be imported", ...notFound, 409: "The server is paused by plan limits", 413: "The description is too large", 502: "The URL could not be fetched" },
  },
  { method: "get", path: "/api/servers/{id}/spec/versions", operationId: "list_description_versions", tag: "Description versions", summary: "The server's description versions, newest first (the first is recorded when the first new one is pushed)", params: serverId, answer: { status: 200, schema: a.ok(z.array(specVersion)) }, errors: notFound },
  {
    method: "post",
    path: "/api/servers/{id}/spec/{versionId}/apply",
    operationId: "apply_description_version",
    tag: "Description versions",
    summary: "Apply a version (a pending one, or restore an earlier one): tools re-imported keeping active flags, renames, descriptions and static values of tools that still exist, within the plan's limit; a deployed server is redeployed",
    params: versionId,
    answer: { status: 200, schema: a.ok(z.object({ version: specVersion, importReport: a.createdServer.shape.importReport, deployment: a.deployment.nullable() })) },
    errors: { 404: "Server or version not found", 409: "Already applied, or the server is paused by plan limits", 410: "The version's text is no longer kept" },
  },
  { method: "delete", path: "/api/servers/{id}/spec/{versionId}", operationId: "discard_description_version", tag: "Description versions", summary: "Discard a pending version (it stays in the history)", params: versionId, answer: { status: 200, schema: a.okEmpty }, errors: { 404: "Server or version not found", 409: "Only a pending version can be discarded" } },
  {
    method: "post",
    path: "/api/servers/{id}/sync",
    operationId: "sync_description",
    tag: "Description versions",
    summary: "Re-fetch the server's description URL now: a change that breaks no call is applied, a breaking one is held as a pending version, the same description changes nothing",
    params: serverId,
    answer: { status: 200, schema: a.ok(z.object({ outcome: z.enum(["unchanged", "applied", "held"]), version: specVersion.nullable() })) },
    errors: { 400: notUrlServer, ...notFound, 409: "The server is paused by plan limits", 502: "The URL could not be fetched" },
  },
];

const dnsRecord = z.object({ type: z.enum(["CNAME", "TXT"]), name: z.string(), value: z.string(), purpose: z.string() });
const customDomain = z.object({
  hostname: z.string(),
  status: z.enum(["pending", "active", "failed"]),
  failureReason: z.string().nullable().describe("Why the provider could not activate the hostname"),
  dnsRecords: z.array(dnsRecord).describe("Records to create at the hostname's DNS provider"),
  mcpUrl: z.string().describe("The server's MCP endpoint on the hostname"),
  served: z.boolean().describe("Active and included in the organization's plan"),
  notServedReason: z.string().nullable(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
});
const growthOnly = "Custom domains are part of the Growth plan";
const importId = z.object({ id: z.string().describe("The import job's id") });
const imports: Operation[] = [
  {
    method: "post",
    path: "/api/imports",
    operationId: "import_large_description",
    tag: "Servers",
    summary: "Import a large OpenAPI description (up to 100 MB) in the background",
    description:
      "Send the description's bytes as the body (application/octet-stream; JSON, since descriptions over 20 MB are read as a stream) with filename, name and description in the query, or JSON with `url` to have it fetched. The description is kept in storage and a job imports every operation as a tool; poll GET /api/imports/{id}. POST /api/servers answers 202 with `importJob` when a description has more than 5,000 operations.",
    query: uploadQuery,
    body: {
      schema: z.object({ url: z.string().describe("URL of a large OpenAPI description"), name: z.string().optional(), description: z.string().optional() }),
      required: true,
      alternatives: { "application/octet-stream": z.string().meta({ format: "binary" }).describe("The description itself (up to 100 MB)") },
    },
    answer: { status: 202, schema: a.ok(a.importJob) },
    errors: { 403: "Server limit of the plan reached", 413: "The description is larger than the 100 MB limit", 502: "The URL could not be fetched" },
  },
  { method: "get", path: "/api/imports", operationId: "list_import_jobs", tag: "Servers", summary: "The organization's latest import jobs", answer: { status: 200, schema: a.ok(z.array(a.importJob)) } },
  {
    method: "get",
    path: "/api/imports/{id}",
    operationId: "get_import_job",
    tag: "Servers",
    summary: "An import job's progress, then its server and report",
    params: importId,
    answer: { status: 200, schema: a.ok(a.importJob) },
    errors: { 404: "Import job not found (or it belongs to another organization)" },
  },
];

const domains: Operation[] = [
  { method: "get", path: "/api/servers/{id}/domain", operationId: "get_custom_domain", tag: "Custom domains", summary: "The server's custom domain with its status and DNS records (a pending one is re-checked), or null", params: serverId, answer: { status: 200, schema: a.ok(customDomain.nullable()) }, errors: notFound },
  { method: "put", path: "/api/servers/{id}/domain", operationId: "add_custom_domain", tag: "Custom domains", summary: "Give the server its own hostname (a subdomain you control); answers the DNS records to create", params: serverId, body: { schema: addDomainBody, required: true }, answer: { status: 201, schema: a.ok(customDomain) }, errors: { 400: "Not a public subdomain, or the portal's own host", 403: growthOnly, 404: "Server not found", 409: "The server already has a hostname, or another server uses this one", 502: "The hosting provider refused the hostname", 503: "Custom domains are not configured on this portal" } },
  { method: "post", path: "/api/servers/{id}/domain/check", operationId: "check_custom_domain", tag: "Custom domains", summary: "Ask the provider for the hostname's status now", params: serverId, answer: { status: 200, schema: a.ok(customDomain) }, errors: { 404: "Server not found, or it has no custom domain", 502: "The hosting provider could not be asked", 503: "Custom domains are not configured on this portal" } },
  { method: "delete", path: "/api/servers/{id}/domain", operationId: "remove_custom_domain", tag: "Custom domains", summary: "Release the hostname; the server keeps answering at /s/{slug}/mcp", params: serverId, answer: { status: 200, schema: a.okEmpty }, errors: { 404: "Server not found, or it has no custom domain", 502: "The hosting provider refused to remove it" } },
];

const deployment: Operation[] = [
  { method: "get", path: "/api/servers/{id}/api-config", operationId: "get_api_config", tag: "Deployment", summary: "The upstream API configuration a deployment uses: base URL, auth type, headers (secrets masked)", params: serverId, answer: { status: 200, schema: a.ok(a.apiConfig) }, errors: notFound },
  { method: "post", path: "/api/servers/{id}/deploy/cloudflare", operationId: "deploy_server", tag: "Deployment", summary: "Deploy (or redeploy) the server from its latest tools and configuration", params: serverId, body: { schema: deployBody }, answer: { status: 200, schema: a.ok(a.deployment) }, errors: { 400: "Invalid deploy request", ...notFound } },
  { method: "get", path: "/api/servers/{id}/deployment", operationId: "get_deployment", tag: "Deployment", summary: "The server's latest deployment with its progress log", params: serverId, answer: { status: 200, schema: a.ok(a.deployment) }, errors: { 404: "Server not found, or no deployment for this server" } },
  { method: "delete", path: "/servers/{id}/deployment", operationId: "cancel_deployment", tag: "Deployment", summary: "Cancel a running deployment: it ends failed and traffic stays on the previous one", params: serverId, answer: { status: 200, schema: a.ok(a.deployment) }, errors: { 404: "Server not found, or no deployment for this server" } },
];

const crawlId = z.object({ id: idParam.shape.id.describe("The crawl's id") });
const crawl: Operation[] = [
  { method: "post", path: "/api/crawl/map", operationId: "map_docs_site", tag: "Crawling", summary: "List the pages of a documentation site (llms.txt, sitemap, robots.txt, links) and find the OpenAPI description it publishes", body: { schema: mapBody, required: true }, answer: { status: 200, schema: z.object({ success: z.literal(true), links: z.array(z.string()), openapi: z.object({ url: z.string(), title: z.string(), operationCount: z.number().int() }).nullable().describe("The site's own OpenAPI description, checked by the importer; null when none was found"), source: z.enum(["llms.txt", "sitemap", "links"]).describe("Where the links came from") }) }, errors: { 400: "Please provide documentation URL to crawl", 403: "Server limit reached (a crawl makes a new server)", 404: "No pages found at the provided URL" } },
  { method: "post", path: "/api/crawl/crawl", operationId: "start_crawl", tag: "Crawling", summary: "Start crawling documentation pages (the selection, else the mapped site)", body: { schema: crawlBody, required: true }, answer: { status: 200, schema: z.object({ success: z.literal(true), crawlId: z.string(), total: z.number().int() }) }, errors: { 400: "No URL, or no pages to crawl", 403: "Server limit reached (a crawl makes a new server)", 404: "No pages found at the provided URL" } },
  { method: "get", path: "/api/crawl/extract/job/{id}", operationId: "get_extraction_job", tag: "Crawling", summary: "Status of an OpenAPI extraction job", params: z.object({ id: idParam.shape.id.describe("The extraction job's id") }), answer: { status: 200, schema: z.object({ success: z.literal(true), job: z.object({ status: z.enum(["pending", "processing", "completed", "failed"]), specId: z.string().nullable(), error: z.string().nullable(), skippedPages: z.array(z.object({ url: z.string(), reason: z.string() })).describe("Crawled pages the job did not read, and why") }) }) }, errors: { 404: "Extraction job not found" } },
  { method: "get", path: "/api/crawl/{id}", operationId: "get_crawl_status", tag: "Crawling", summary: "Progress of a crawl", params: crawlId, answer: { status: 200, schema: a.crawlStatus }, errors: { 404: "Crawl not found" } },
  {
    method: "get",
    path: "/api/crawl/{id}/ws",
    operationId: "watch_crawl",
    tag: "Crawling",
    summary: "Live progress of a crawl over a WebSocket (each message is the crawl status)",
    description: "Not a JSON call: a WebSocket upgrade from the portal's own pages.",
    params: crawlId,
    answer: { status: 101, other: { description: "Switching to the WebSocket protocol" } },
    errors: { 403: "Cross-origin request refused", 404: "Crawl not found", 426: "Expected a WebSocket upgrade" },
  },
  { method: "delete", path: "/api/crawl/{id}/cancel", operationId: "cancel_crawl", tag: "Crawling", summary: "Cancel a crawl", params: crawlId, answer: { status: 200, schema: z.object({ success: z.literal(true), status: z.enum(["crawling", "completed", "failed", "cancelled"]).nullable() }) }, errors: { 404: "Crawl not found" } },
  { method: "post", path: "/api/crawl/{id}/extract", operationId: "extract_openapi", tag: "Crawling", summary: "Start generating an OpenAPI description from a finished crawl", description: "Answers at once; poll the job. A crawl whose pages document no endpoints ends the job failed with 'The crawled content could not be converted to an OpenAPI specification…'.", params: crawlId, answer: { status: 200, schema: z.object({ success: z.literal(true), jobId: z.string(), message: z.string() }) }, errors: { 404: "Crawl not found" } },
  { method: "post", path: "/api/servers/from-spec", operationId: "create_server_from_spec", tag: "Crawling", summary: "Create a server from an extracted OpenAPI description", body: { schema: fromSpecBody, required: true }, answer: { status: 201, schema: a.ok(a.createdServer) }, errors: { 403: "Server limit of the plan reached", 404: "Specification not found" } },
  { method: "post", path: "/api/servers/{id}/restart-crawl", operationId: "restart_crawl", tag: "Crawling", summary: "Crawl a server's documentation again; its tools are regenerated when the crawl ends", params: serverId, answer: { status: 200, schema: a.ok(z.object({ crawlId: z.string(), urlCount: z.number().int() })) }, errors: { 400: "This server was not created from a crawl and cannot be recrawled", ...notFound } },
  { method: "patch", path: "/api/servers/{id}/automated-crawl", operationId: "set_automated_crawl", tag: "Crawling", summary: "Turn weekly or monthly automated re-crawls on or off (paid plans)", params: serverId, body: { schema: automatedBody, required: true }, answer: { status: 200, schema: a.ok(z.object({ automatedCrawlEnabled: z.boolean(), automatedCrawlFrequency: z.enum(["weekly", "monthly"]), nextCrawlAt: z.string().nullable() })) }, errors: { 400: "Not created from a crawl", 403: "Automated crawls are available on paid plans (the answer has requiresUpgrade: true)", ...notFound } },
];

const tokens: Operation[] = [
  { method: "get", path: "/api/access-tokens", operationId: "list_access_tokens", tag: "Access tokens", summary: "List the organization's access tokens (never the tokens themselves)", answer: { status: 200, schema: a.ok(z.array(a.tokenInfo)) } },
  { method: "post", path: "/api/access-tokens", operationId: "create_access_token", tag: "Access tokens", summary: "Generate an access token for MCP clients; the token is answered once", body: { schema: newTokenBody }, answer: { status: 201, schema: a.ok(a.newToken) }, errors: { 400: "expiresAt: must be in the future", 404: "Server not found" } },
  { method: "post", path: "/api/access-tokens/{id}/servers", operationId: "assign_token_servers", tag: "Access tokens", summary: "Replace the servers an access token may call", params: tokenId, body: { schema: assignServersBody, required: true }, answer: { status: 200, schema: a.ok(a.tokenInfo) }, errors: { 404: "Access token or server not found", 409: "The token is revoked or expired" } },
  { method: "delete", path: "/api/access-tokens/{id}", operationId: "revoke_access_token", tag: "Access tokens", summary: "Revoke an access token", params: tokenId, answer: { status: 200, schema: a.okEmpty }, errors: { 404: "Access token not found", 409: "The token is revoked or expired" } },
  { method: "post", path: "/api/access-tokens/{id}/rotate", operationId: "rotate_access_token", tag: "Access tokens", summary: "Revoke an access token and issue a new one with the same name, expiry and servers", params: tokenId, answer: { status: 200, schema: a.ok(a.newToken) }, errors: { 404: "Access token not found", 409: "The token is revoked or expired" } },
];

const requestId = z.object({ id: idParam.shape.id.describe("The request id of /oauth/consent?request={id}") });
const grantId = z.object({ id: idParam.shape.id.describe("The grant's id") });
const consentOnly = "Session only: the signed-in user answers for themselves.";
const oauth: Operation[] = [
  { method: "get", path: "/api/oauth/requests/{id}", operationId: "get_oauth_request", tag: "OAuth", summary: "A pending OAuth authorization request, as the consent page shows it", description: consentOnly, params: requestId, answer: { status: 200, schema: a.ok(a.oauthRequest) }, errors: { 404: "This authorization request is unknown or has expired" } },
  { method: "post", path: "/api/oauth/requests/{id}", operationId: "answer_oauth_request", tag: "OAuth", summary: "Approve or deny a pending OAuth authorization request; answers where to send the browser", description: `${consentOnly} Approving needs membership of the server's organization, unless the server requires only a Toolport login.`, params: requestId, body: { schema: decisionBody, required: true }, answer: { status: 200, schema: a.ok(z.object({ redirectTo: z.string().describe("The client's redirect_uri with code and state, or with error=access_denied") })) }, errors: { 403: "Only members of the organization can connect apps to this server", 404: "This authorization request is unknown or has expired" } },
  { method: "get", path: "/api/oauth/grants", operationId: "list_oauth_grants", tag: "OAuth", summary: "The apps connected to the organization's servers through OAuth, newest first", answer: { status: 200, schema: a.ok(z.array(a.oauthGrant)) } },
  { method: "delete", path: "/api/oauth/grants/{id}", operationId: "revoke_oauth_grant", tag: "OAuth", summary: "Revoke a connected app: its access and refresh tokens are refused at once", description: "Session only.", params: grantId, answer: { status: 200, schema: a.okEmpty }, errors: { 404: "Connected app not found" } },
];

const apiKeyId = z.object({ id: idParam.shape.id.describe("The API key's id") });
const sessionOnly = "Session only: an API key can never manage API keys.";
const apiKeys: Operation[] = [
  { method: "get", path: "/api/api-keys", operationId: "list_api_keys", tag: "API keys", summary: "List the organization's portal API keys (never the keys themselves)", description: sessionOnly, answer: { status: 200, schema: a.ok(z.array(a.apiKeyInfo)) } },
  { method: "post", path: "/api/api-keys", operationId: "create_api_key", tag: "API keys", summary: "Create a portal API key with scopes and an optional expiry in days; the key is answered once", description: sessionOnly, body: { schema: newApiKeyBody, required: true }, answer: { status: 201, schema: a.ok(a.newApiKey) }, errors: { 403: "Your organization's plan does not include API access", 409: "The organization holds the most API keys allowed" } },
  { method: "delete", path: "/api/api-keys/{id}", operationId: "revoke_api_key", tag: "API keys", summary: "Revoke a portal API key: calls with it answer 401 from now on", description: sessionOnly, params: apiKeyId, answer: { status: 200, schema: a.ok(a.apiKeyInfo) }, errors: { 404: "API key not found", 409: "This API key has already been revoked" } },
];

const checkoutId = z.object({ id: z.string().describe("The test-mode checkout's id") });
const testMode = "Test mode only (no Stripe keys configured); answers 404 otherwise.";
const billing: Operation[] = [
  { method: "get", path: "/api/billing/plans", operationId: "list_plans", tag: "Billing", summary: "The plans with their prices and limits", answer: { status: 200, schema: a.ok(z.array(a.plan)) } },
  { method: "get", path: "/api/billing/subscription", operationId: "get_subscription", tag: "Billing", summary: "The organization's plan, subscription status and usage this month", answer: { status: 200, schema: a.ok(a.subscription) } },
  { method: "post", path: "/api/billing/checkout", operationId: "start_checkout", tag: "Billing", summary: "Start upgrading to a paid plan; answers the checkout page's URL", body: { schema: checkoutBody, required: true }, answer: { status: 200, schema: a.ok(a.redirectUrl) }, errors: { 400: "Only the sprout and growth plans can be upgraded to" } },
  { method: "post", path: "/api/billing/portal", operationId: "open_billing_portal", tag: "Billing", summary: "The payment provider's customer portal URL (paid plans)", answer: { status: 200, schema: a.ok(a.redirectUrl) }, errors: { 400: "The free plan has no billing portal" } },
  { method: "post", path: "/api/billing/usage", operationId: "check_usage_limits", tag: "Billing", summary: "Would the organization stay within its plan with this many servers and tool calls?", body: { schema: usageCheckBody }, answer: { status: 200, schema: a.ok(a.usageCheck) } },
  { method: "get", path: "/api/billing/usage/servers", operationId: "get_server_usage", tag: "Billing", summary: "Tool calls of each server this month (server id → count)", answer: { status: 200, schema: a.ok(z.record(z.string(), z.number().int())) } },
  { method: "get", path: "/api/billing/test-checkout/{id}", operationId: "show_test_checkout", tag: "Billing", summary: "The test-mode checkout page (HTML)", description: testMode, params: checkoutId, answer: { status: 200, other: { description: "An HTML page", contentType: "text/html" } }, errors: { 404: "This checkout has expired or does not exist" } },
  { method: "post", path: "/api/billing/test-checkout/{id}", operationId: "confirm_test_checkout", tag: "Billing", summary: "Confirm a test-mode checkout: the plan changes at once, no payment is taken", description: testMode, params: checkoutId, answer: { status: 303, other: { description: "Redirect to /usage?checkout=success", headers: { location: "/usage?checkout=success" } } }, errors: { 404: "This checkout has expired or does not exist" } },
  { method: "get", path: "/api/billing/test-portal", operationId: "show_test_portal", tag: "Billing", summary: "The test-mode billing portal page (HTML)", description: testMode, answer: { status: 200, other: { description: "An HTML page", contentType: "text/html" } }, errors: { 404: "Not found" } },
  { method: "post", path: "/api/billing/test-portal/{action}", operationId: "apply_test_portal_action", tag: "Billing", summary: "Cancel, reactivate or downgrade to free in test mode", description: testMode, params: z.object({ action: z.enum(["cancel", "reactivate", "free"]) }), answer: { status: 303, other: { description: "Redirect to /usage", headers: { location: "/usage" } } }, errors: { 404: "Not found" } },
  {
    method: "post",
    path: "/api/billing/webhook",
    operationId: "receive_stripe_webhook",
    tag: "Billing",
    summary: "Stripe's webhook: subscription and payment events",
    description: "Called by Stripe, not by users: verified by the Stripe-Signature header instead of a session.",
    public: true,
    body: { schema: z.record(z.string(), z.unknown()).describe("A Stripe event"), required: true },
    answer: { status: 200, schema: a.ok(z.object({ received: z.literal(true), applied: z.boolean() })) },
    errors: { 400: "Missing Stripe-Signature header, or an invalid signature", 404: "Stripe is not configured" },
  },
];

const signIn = z.object({ email: z.email(), password: z.string().min(8).max(128) });
const session: Operation[] = [
  { method: "get", path: "/api/auth/profile", operationId: "get_profile", tag: "Sign-in", summary: "The signed-in user", answer: { status: 200, schema: a.ok(a.profile) } },
  { method: "get", path: "/api/auth/login", operationId: "start_login", tag: "Sign-in", summary: "Browser navigation: starts sign-in (the OIDC provider, or the built-in email-and-password page)", public: true, query: z.object({ redirect: z.string().optional().describe("A same-site path to return to") }), answer: { status: 302, other: { description: "Redirect to the sign-in page or provider" } } },
  { method: "get", path: "/api/auth/logout", operationId: "logout", tag: "Sign-in", summary: "Browser navigation: signs out and returns to /login", description: "Only a navigation from the portal's own pages (Sec-Fetch-Site same-origin, same-site or none, or a same-origin Referer) ends the session; any other goes to / and leaves it.", public: true, answer: { status: 302, other: { description: "Redirect to /login with the session cookie cleared, or to / when the navigation came from another site" } } },
  { method: "post", path: "/api/auth/sign-up/email", operationId: "sign_up_email", tag: "Sign-in", summary: "Create a built-in account; then sign in to get a session cookie", description: "Handled by better-auth (its own validation). An email that already has an account gets the same answer and no session, so the answer does not tell whether the email is registered.", public: true, body: { schema: signIn.extend({ name: z.string().min(1).max(200) }), required: true }, answer: { status: 200, schema: a.ok(z.object({ user: a.profile })) }, errors: { 400: "Invalid email, or a password that is too short, blank or too common", 429: "Too many attempts" } },
  { method: "post", path: "/api/auth/sign-in/email", operationId: "sign_in_email", tag: "Sign-in", summary: "Sign in to a built-in account; answers with a session cookie", description: "Handled by better-auth (its own validation).", public: true, body: { schema: signIn, required: true }, answer: { status: 200, schema: a.ok(z.object({ user: a.profile })) }, errors: { 401: "Invalid email or password", 429: "Too many attempts" } },
  { method: "get", path: "/api/auth/callback/{providerId}", operationId: "oidc_callback", tag: "Sign-in", summary: "Browser navigation: the OIDC provider returns here after sign-in", description: "Handled by better-auth; register {PUBLIC_URL}/api/auth/callback/oidc with the provider.", public: true, params: z.object({ providerId: z.string().describe("oidc") }), answer: { status: 302, other: { description: "Redirect into the portal with a session cookie" } } },
];

const callLog: Operation[] = [
  {
    method: "get",
    path: "/api/servers/{id}/calls",
    operationId: "list_server_calls",
    tag: "Call log",
    summary: "The server's recorded tools/call, newest first, filtered by tool, outcome or caller, a page at a time",
    params: serverId,
    query: callsQuery,
    answer: { status: 200, schema: a.ok(a.callPage) },
    errors: { 400: "Invalid filter or cursor", ...notFound },
  },
  {
    method: "get",
    path: "/api/servers/{id}/stats",
    operationId: "get_server_call_stats",
    tag: "Call log",
    summary: "The server's calls over a window (24h, 7d or 30d): calls per time bucket by outcome class, p50/p95 latency and error rate per tool, the top errors",
    params: serverId,
    query: statsQuery,
    answer: { status: 200, schema: a.ok(a.callStats) },
    errors: { 400: "window: 24h, 7d or 30d", ...notFound },
  },
  { method: "get", path: "/api/servers/{id}/call-log", operationId: "get_call_log_settings", tag: "Call log", summary: "Whether the server records call payloads, its extra sensitive field names, and the plan's retention", params: serverId, answer: { status: 200, schema: a.ok(a.callLogSettings) }, errors: notFound },
  {
    method: "patch",
    path: "/api/servers/{id}/call-log",
    operationId: "set_call_log_settings",
    tag: "Call log",
    summary: "Turn payload recording on or off (arguments and results, redacted of credentials, tokens and the sensitive fields, capped) and set the sensitive field names",
    params: serverId,
    body: { schema: callLogSettingsBody, required: true },
    answer: { status: 200, schema: a.ok(a.callLogSettings) },
    errors: { 400: "Invalid body", ...notFound },
  },
];

const superadmin: Operation[] = [
  { method: "get", path: "/api/superadmin/servers", operationId: "list_all_servers", tag: "Superadmin", summary: "Every organization's servers (superusers only)", answer: { status: 200, schema: a.ok(z.array(a.adminServer)) }, errors: { 403: "Access denied: restricted to superadministrators" } },
  { method: "get", path: "/api/superadmin/servers/{id}/calls", operationId: "list_any_server_calls", tag: "Superadmin", summary: "Any organization's server's call log (superusers only)", params: serverId, query: callsQuery, answer: { status: 200, schema: a.ok(a.callPage) }, errors: { 400: "Invalid filter or cursor", 403: "Access denied: restricted to superadministrators", 404: "Server not found" } },
  { method: "get", path: "/api/superadmin/servers/{id}/stats", operationId: "get_any_server_call_stats", tag: "Superadmin", summary: "Any organization's server's call statistics (superusers only)", params: serverId, query: statsQuery, answer: { status: 200, schema: a.ok(a.callStats) }, errors: { 400: "window: 24h, 7d or 30d", 403: "Access denied: restricted to superadministrators", 404: "Server not found" } },
  { method: "post", path: "/api/superadmin/servers/{id}/redeploy", operationId: "redeploy_any_server", tag: "Superadmin", summary: "Redeploy any organization's server (superusers only)", params: redeployParam, answer: { status: 200, schema: a.ok(a.deployment) }, errors: { 403: "Access denied: restricted to superadministrators", 404: "Server not found" } },
];

const docs: Operation[] = [
  { method: "get", path: "/api/openapi.json", operationId: "get_openapi_description", tag: "Docs", summary: "This description of the portal's API (OpenAPI 3.1)", public: true, answer: { status: 200, schema: z.record(z.string(), z.unknown()).describe("An OpenAPI 3.1 document") } },
];

export const OPERATIONS: Operation[] = [...servers, ...auth, ...versions, ...imports, ...domains, ...deployment, ...crawl, ...tokens, ...oauth, ...apiKeys, ...billing, ...session, ...callLog, ...superadmin, ...docs];
