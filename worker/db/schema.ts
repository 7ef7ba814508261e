// The whole Toolport data model: the single source of truth for D1 and its migrations.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { API_KEY_SCOPES, AUTH_STRATEGIES, CRAWL_FREQUENCIES } from "../lib/choices";

export { API_KEY_SCOPES, AUTH_STRATEGIES, CRAWL_FREQUENCIES };

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

// ── Sign-in (better-auth's user, session, account and verification tables) ──────────────────

export const users = sqliteTable("users", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  picture: text("picture"),
  superUser: integer("super_user", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = sqliteTable(
  "accounts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at"),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = sqliteTable("verifications", {
  id: id(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Organizations ─────────────────────────────────────────────────────────────────────────────

export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  stripeCustomerId: text("stripe_customer_id"),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("owner"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

// ── Servers and their tools ───────────────────────────────────────────────────────────────────

export const SERVER_STATUSES = ["active", "hibernated", "stopped", "failed", "removed"] as const;

/** An operation as listed with its tool; `page` is the documentation page a crawled operation was read from. */
export type Endpoint = { method: string; path: string; summary?: string; tags?: string[]; page?: string; server?: string };

export const servers = sqliteTable(
  "servers",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    version: text("version").notNull().default("1.0.0"),
    slug: text("slug").notNull().unique(),
    baseUrl: text("base_url"),
    // A crawled self-hosted API's example address, shown at deploy beside the base URL the user gives.
    instanceExample: text("instance_example"),
    endpoints: json<Endpoint[]>("endpoints")
      .notNull()
      .default(sql`'[]'`),
    status: text("status", { enum: SERVER_STATUSES }).notNull().default("active"),
    // Why a server is hibernated: 'tool_calls' (monthly limit) or 'servers' (downgrade).
    hibernatedReason: text("hibernated_reason", { enum: ["tool_calls", "servers"] }),
    // How tools are exposed: 'direct' (one MCP tool per operation) or 'search' (search_tools, describe_tool, call_tool).
    toolMode: text("tool_mode", { enum: ["direct", "search"] })
      .notNull()
      .default("direct"),
    // The response budget of the deployed server in UTF-8 bytes (null: the default, 100,000).
    maxResponseBytes: integer("max_response_bytes"),
    // Call log: keep each call's arguments and result (redacted and capped), and extra field names to redact.
    recordPayloads: integer("record_payloads", { mode: "boolean" }).notNull().default(false),
    sensitiveFields: json<string[]>("sensitive_fields")
      .notNull()
      .default(sql`'[]'`),
    sourceUrl: text("source_url"),
    // KV key of the raw description, kept for re-imports.
    specKey: text("spec_key"),
    importReport: json<unknown[]>("import_report")
      .notNull()
      .default(sql`'[]'`),
    originalCrawlUrl: text("original_crawl_url"),
    automatedCrawlEnabled: integer("automated_crawl_enabled", { mode: "boolean" }).notNull().default(false),
    automatedCrawlFrequency: text("automated_crawl_frequency", { enum: CRAWL_FREQUENCIES }).notNull().default("weekly"),
    lastCrawledAt: timestamp("last_crawled_at"),
    nextCrawlAt: timestamp("next_crawl_at"),
    // Why the last re-crawl left the tools as they were (null when it refreshed them).
    lastCrawlError: text("last_crawl_error"),
    // The deployment that currently serves /s/{slug}/mcp (a failed redeploy leaves it in place).
    activeDeploymentId: text("active_deployment_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("servers_org_idx").on(t.organizationId), index("servers_next_crawl_idx").on(t.automatedCrawlEnabled, t.nextCrawlAt)],
);

export const tools = sqliteTable(
  "tools",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title"),
    description: text("description").notNull().default(""),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    inputSchema: json<Record<string, unknown>>("input_schema").notNull(),
    // The success answer's JSON shape, when the description documents one reliably (MCP outputSchema).
    outputSchema: json<Record<string, unknown>>("output_schema"),
    // MCP tool annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title).
    annotations: json<Record<string, unknown>>("annotations"),
    // Where each argument goes in the HTTP request (path, query, header, cookie, body).
    mapping: json<Record<string, unknown>>("mapping").notNull(),
    endpoint: json<Endpoint>("endpoint").notNull(),
    position: integer("position").notNull().default(0),
    // The user's rename and rewritten description (null: the imported ones); kept across re-imports by name.
    customName: text("custom_name"),
    customDescription: text("custom_description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tools_server_name_idx").on(t.serverId, t.name)],
);

// ── Authentication of a server's upstream API ─────────────────────────────────────────────────

export const AUTH_TYPES = ["none", "bearer", "apiKey", "basic", "oauth2", "oauthClientCreds", "oauthCode"] as const;
export const AUTH_STATUSES = ["configured", "invalid", "not_configured"] as const;

export type ParameterCandidate = { name: string; type: string; reason: string; confidence: number };

export const authConfigs = sqliteTable("auth_configs", {
  serverId: text("server_id")
    .primaryKey()
    .references(() => servers.id, { onDelete: "cascade" }),
  authType: text("auth_type", { enum: AUTH_TYPES }).notNull().default("none"),
  authStrategy: text("auth_strategy", { enum: AUTH_STRATEGIES }).notNull().default("managed"),
  status: text("status", { enum: AUTH_STATUSES }).notNull().default("not_configured"),
  authContextValues: json<Record<string, string>>("auth_context_values")
    .notNull()
    .default(sql`'{}'`),
  authContextMetadata: json<ParameterCandidate[]>("auth_context_metadata")
    .notNull()
    .default(sql`'[]'`),
  requireToolportLogin: integer("require_toolport_login", { mode: "boolean" }).notNull().default(false),
  exposeToPublic: integer("expose_to_public", { mode: "boolean" }).notNull().default(false),
  // AES-GCM ciphertext (base64 of iv ‖ ciphertext) of the secrets JSON; never answered.
  secretsCiphertext: text("secrets_ciphertext"),
  maskedSecrets: json<Record<string, string>>("masked_secrets")
    .notNull()
    .default(sql`'{}'`),
  // Extra settings of the auth type: apiKey name and location, oauth2 token URL and scopes.
  settings: json<Record<string, unknown>>("settings")
    .notNull()
    .default(sql`'{}'`),
  updatedAt: updatedAt(),
});

// ── Access tokens for the MCP endpoints ───────────────────────────────────────────────────────

export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    // SHA-256 of the token; the token itself is shown once and never stored.
    tokenHash: text("token_hash").notNull().unique(),
    // The first characters of the token, to recognise it in lists.
    prefix: text("prefix").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    expiresAt: timestamp("expires_at"),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("access_tokens_org_idx").on(t.organizationId)],
);

// Portal API keys: script the /api routes from CI as the organization, within the key's scopes.
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // The acting user of every call made with the key; a key whose creator is gone is refused.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    // SHA-256 of the key; the key itself is shown once and never stored.
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    scopes: json<ApiKeyScope[]>("scopes").notNull(),
    expiresAt: timestamp("expires_at"),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_org_idx").on(t.organizationId)],
);

export const tokenServers = sqliteTable(
  "token_servers",
  {
    tokenId: text("token_id")
      .notNull()
      .references(() => accessTokens.id, { onDelete: "cascade" }),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.serverId] }), index("token_servers_server_idx").on(t.serverId)],
);

// ── Deployments ───────────────────────────────────────────────────────────────────────────────

export const DEPLOYMENT_STATUSES = ["generated", "deploying", "deployed", "failed"] as const;

export const deployments = sqliteTable(
  "deployments",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    // Content hash of the generated modules: the same tools and configuration give the same hash.
    contentHash: text("content_hash").notNull(),
    provider: text("provider", { enum: ["loader", "cloudflare"] }).notNull(),
    status: text("status", { enum: DEPLOYMENT_STATUSES }).notNull().default("generated"),
    deploymentUrl: text("deployment_url"),
    error: text("error"),
    cloudflareDeploymentId: text("cloudflare_deployment_id"),
    cloudflareProjectId: text("cloudflare_project_id"),
    apiConfig: json<{ baseUrl?: string; authType?: string; headers?: Record<string, string> }>("api_config")
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("deployments_server_idx").on(t.serverId, t.createdAt)],
);

// ── Crawls, extraction jobs and specs ─────────────────────────────────────────────────────────
// A crawl's pages and their statuses live in its CrawlSession Durable Object, their Markdown in KV.

export const CRAWL_STATUSES = ["pending", "crawling", "completed", "failed", "cancelled"] as const;
export const PAGE_STATUSES = ["pending", "processing", "completed", "failed"] as const;

export const crawls = sqliteTable(
  "crawls",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    serverId: text("server_id").references(() => servers.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    status: text("status", { enum: CRAWL_STATUSES }).notNull().default("pending"),
    total: integer("total").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    selectedUrls: json<string[]>("selected_urls")
      .notNull()
      .default(sql`'[]'`),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("crawls_org_idx").on(t.organizationId)],
);

export const specs = sqliteTable("specs", {
  id: id(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  crawlId: text("crawl_id").references(() => crawls.id, { onDelete: "set null" }),
  sourceUrl: text("source_url"),
  title: text("title"),
  // KV key of the OpenAPI description.
  contentKey: text("content_key").notNull(),
  createdAt: createdAt(),
});

export const extractionJobs = sqliteTable("extraction_jobs", {
  id: id(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  crawlId: text("crawl_id")
    .notNull()
    .references(() => crawls.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["pending", "processing", "completed", "failed"] })
    .notNull()
    .default("pending"),
  specId: text("spec_id").references(() => specs.id, { onDelete: "set null" }),
  error: text("error"),
  // Crawled pages the job did not read (over its budget, or too costly to read), with the reason.
  skippedPages: json<{ url: string; reason: string }[]>("skipped_pages")
    .notNull()
    .default(sql`'[]'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Plans, subscriptions and usage ────────────────────────────────────────────────────────────

export const PLAN_TYPES = ["free", "sprout", "growth"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const plans = sqliteTable("plans", {
  id: text("id").primaryKey(),
  type: text("type", { enum: PLAN_TYPES }).notNull().unique(),
  name: text("name").notNull(),
  // Monthly price in cents.
  price: integer("price").notNull(),
  description: text("description").notNull(),
  maxServers: integer("max_servers").notNull(),
  maxToolsPerServer: integer("max_tools_per_server").notNull(),
  maxToolCallsPerMonth: integer("max_tool_calls_per_month").notNull(),
  automatedCrawls: integer("automated_crawls", { mode: "boolean" }).notNull(),
  apiAccess: integer("api_access", { mode: "boolean" }).notNull(),
  prioritySupport: integer("priority_support", { mode: "boolean" }).notNull(),
  customDomain: integer("custom_domain", { mode: "boolean" }).notNull(),
  popular: integer("popular", { mode: "boolean" }).notNull().default(false),
  // How long the call log keeps a call record.
  callLogRetentionDays: integer("call_log_retention_days").notNull().default(7),
  stripePriceId: text("stripe_price_id"),
  sortOrder: integer("sort_order").notNull(),
});

export const subscriptions = sqliteTable("subscriptions", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  planType: text("plan_type", { enum: PLAN_TYPES }).notNull().default("free"),
  status: text("status", { enum: ["active", "canceled", "past_due"] })
    .notNull()
    .default("active"),
  provider: text("provider", { enum: ["local", "stripe"] })
    .notNull()
    .default("local"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  currentPeriodEnd: timestamp("current_period_end"),
  cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

// Stripe webhook events already applied, so a replayed event changes nothing.
export const billingEvents = sqliteTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

// Tool calls per organization per month ('YYYY-MM'); a new month starts from zero.
export const organizationUsage = sqliteTable(
  "organization_usage",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    toolCalls: integer("tool_calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.period] })],
);

export const serverUsage = sqliteTable(
  "server_usage",
  {
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    toolCalls: integer("tool_calls").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.period] }), index("server_usage_org_idx").on(t.organizationId, t.period)],
);

// ── OAuth grants (issue #20) ─────────────────────────────────────────────────────────────────
// The OAuth library keeps grants and tokens in KV keyed by user; this row lists them per organization.
export const oauthGrants = sqliteTable(
  "oauth_grants",
  {
    // The library's grant id.
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    clientName: text("client_name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
  },
  (t) => [index("oauth_grants_org_idx").on(t.organizationId, t.createdAt), index("oauth_grants_user_idx").on(t.userId)],
);

// ── Custom domains (issue #24) ────────────────────────────────────────────────────────────────
export const CUSTOM_DOMAIN_STATUSES = ["pending", "active", "failed"] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];
/** A DNS record the owner must create for the hostname (CNAME to the portal, validation TXT …). */
export type DnsRecord = { type: "CNAME" | "TXT"; name: string; value: string; purpose: string };

// Slugs no server answers at any more (a deleted server's): never given again, so an MCP client still
// configured with one cannot reach another organization's server with its credentials.
export const retiredSlugs = sqliteTable("retired_slugs", {
  slug: text("slug").primaryKey(),
  retiredAt: createdAt(),
});

// One hostname per server, unique across every organization.
export const customDomains = sqliteTable(
  "custom_domains",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .unique()
      .references(() => servers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    hostname: text("hostname").notNull().unique(),
    status: text("status", { enum: CUSTOM_DOMAIN_STATUSES }).notNull().default("pending"),
    failureReason: text("failure_reason"),
    // The hosting provider's id of the custom hostname (Cloudflare for SaaS), null for the local provider.
    providerId: text("provider_id"),
    dnsRecords: json<DnsRecord[]>("dns_records")
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    checkedAt: timestamp("checked_at"),
  },
  (t) => [index("custom_domains_org_idx").on(t.organizationId)],
);

// ── Description versions (issue #22) ─────────────────────────────────────────────────────────
export const SPEC_VERSION_STATUSES = ["pending", "applied", "superseded", "discarded"] as const;
export type SpecVersionStatus = (typeof SPEC_VERSION_STATUSES)[number];
export const SPEC_VERSION_ORIGINS = ["initial", "file", "url", "sync"] as const;

/** One description a server was, is, or may become: its text lives in KV (`spec-version:{id}`). */
export const specVersions = sqliteTable(
  "spec_versions",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status", { enum: SPEC_VERSION_STATUSES }).notNull(),
    origin: text("origin", { enum: SPEC_VERSION_ORIGINS }).notNull(),
    sourceUrl: text("source_url"),
    filename: text("filename"),
    title: text("title"),
    version: text("version"),
    toolCount: integer("tool_count").notNull(),
    // The changes against the server's tools when it was prepared (see worker/versions/diff.ts).
    diff: json<unknown>("diff"),
    breaking: integer("breaking", { mode: "boolean" }).notNull().default(false),
    authSummary: json<string[]>("auth_summary")
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    appliedAt: timestamp("applied_at"),
  },
  (t) => [index("spec_versions_server_idx").on(t.serverId, t.createdAt)],
);

// ── Automated runs ───────────────────────────────────────────────────────────────────────────
/** A scheduled re-crawl (servers made from a crawl) or description sync (servers made from a URL). */
export const AUTOMATED_RUN_KINDS = ["crawl", "sync"] as const;
/** running; applied (tools changed, a deployed server redeployed); unchanged; held (a breaking change awaits review); failed. */
export const AUTOMATED_RUN_OUTCOMES = ["running", "applied", "unchanged", "held", "failed"] as const;
export type AutomatedRunChange = { kind: "added" | "removed" | "renamed" | "changed"; tool: string };

/** One run of a server's automated re-crawl or sync, from the daily sweep's job to its outcome. */
export const automatedRuns = sqliteTable(
  "automated_runs",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AUTOMATED_RUN_KINDS }).notNull(),
    // The re-crawl a crawl run started; its refresh finishes the run.
    crawlId: text("crawl_id"),
    outcome: text("outcome", { enum: AUTOMATED_RUN_OUTCOMES }).notNull().default("running"),
    toolsAdded: integer("tools_added").notNull().default(0),
    toolsRemoved: integer("tools_removed").notNull().default(0),
    toolsChanged: integer("tools_changed").notNull().default(0),
    // The first changes by tool name (the counts hold them all).
    changes: json<AutomatedRunChange[]>("changes")
      .notNull()
      .default(sql`'[]'`),
    // Whether the applied change was redeployed (a server that was deployed and active).
    redeployed: integer("redeployed", { mode: "boolean" }).notNull().default(false),
    // The pending version a breaking sync left for review.
    versionId: text("version_id"),
    error: text("error"),
    startedAt: timestamp("started_at").notNull(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("automated_runs_server_idx").on(t.serverId, t.startedAt), index("automated_runs_crawl_idx").on(t.crawlId)],
);

// ── Large imports ─────────────────────────────────────────────────────────────────────────────

export const IMPORT_JOB_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type ImportJobProgress = { bytes: number; pathItems: number; totalPathItems: number; operations: number; tools: number };

/** A description too large to import in a request (kept in R2 meanwhile), imported by a queue job. */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: IMPORT_JOB_STATUSES }).notNull().default("pending"),
    // R2 key of the uploaded or fetched description (deleted once the job ends).
    objectKey: text("object_key").notNull(),
    sourceUrl: text("source_url"),
    filename: text("filename"),
    name: text("name"),
    description: text("description"),
    progress: json<ImportJobProgress>("progress")
      .notNull()
      .default(sql`'{"bytes":0,"pathItems":0,"totalPathItems":0,"operations":0,"tools":0}'`),
    // The server being filled (set as soon as it exists, so a retried job removes the partial one).
    serverId: text("server_id").references(() => servers.id, { onDelete: "set null" }),
    // The import report: exact counts and the first entries.
    report: json<Record<string, unknown>>("report"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("import_jobs_org_idx").on(t.organizationId, t.createdAt)],
);

// ── Call log (issue #23) ─────────────────────────────────────────────────────────────────────
/** What became of a tools/call: ok; the model's mistake; the API's answer; a time-out; or refused by the gateway. */
export const CALL_OUTCOMES = [
  "ok",
  "invalid_arguments",
  "unknown_tool",
  "upstream_4xx",
  "upstream_5xx",
  "timeout",
  "failed",
  "paused",
  "over_limit",
  "unauthorized",
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALLER_KINDS = ["token", "oauth", "try_it", "public", "anonymous"] as const;

/** One tools/call as the gateway saw it, written in batches by the call-record queue's consumer. */
export const callRecords = sqliteTable(
  "call_records",
  {
    id: id(),
    serverId: text("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    at: timestamp("at").notNull(),
    tool: text("tool").notNull(),
    callerKind: text("caller_kind", { enum: CALLER_KINDS }).notNull(),
    // The access token's or OAuth grant's id and its name then; never the credential itself.
    callerId: text("caller_id"),
    callerName: text("caller_name"),
    outcome: text("outcome", { enum: CALL_OUTCOMES }).notNull(),
    upstreamStatus: integer("upstream_status"),
    gatewayMs: integer("gateway_ms").notNull(),
    upstreamMs: integer("upstream_ms"),
    requestBytes: integer("request_bytes").notNull(),
    responseBytes: integer("response_bytes"),
    error: text("error"),
    // Redacted and capped JSON, only while the server records payloads.
    arguments: text("arguments"),
    result: text("result"),
  },
  (t) => [index("call_records_server_at_idx").on(t.serverId, t.at), index("call_records_org_at_idx").on(t.organizationId, t.at)],
);

// ── Notifications: the bell's events of an organization (read state is the organization's) ──
export const NOTIFICATION_KINDS = [
  "deploy_succeeded",
  "deploy_failed",
  "update_available",
  "update_applied",
  "crawl_finished",
  "crawl_failed",
  "import_finished",
  "import_failed",
  "calls_limit_near",
  "calls_limit_reached",
  "tools_limit_reached",
  "domain_active",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    // A same-site path of the portal (e.g. /servers/{id}) the notification opens.
    link: text("link"),
    // An event told once per key (e.g. the month's call limit): a second one with the same key is dropped.
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    readAt: timestamp("read_at"),
  },
  (t) => [
    index("notifications_org_created_idx").on(t.organizationId, t.createdAt),
    uniqueIndex("notifications_org_dedupe_idx").on(t.organizationId, t.dedupeKey),
  ],
);
