// A server's custom domain: add (Growth plans), report its status and DNS records, re-check, remove.
import { and, eq, lte, or, isNull } from "drizzle-orm";
import type { Database } from "../db";
import { customDomains } from "../db/schema";
import type { Bindings } from "../env";
import { getOrganizationPlan } from "../billing/plans";
import { fail } from "../lib/errors";
import { notifyDomainActive } from "../notifications/events";
import { getServerRow } from "../servers/queries";
import { normalizeHostname } from "./hostname";
import { domainProvider, NOT_CONFIGURED, type DomainProvider, type HostnameState } from "./providers";
import { forgetCustomHosts } from "./lookup";
import type { z } from "zod";
import type { customDomain } from "./schemas";
import { enqueue } from "../jobs/enqueue";
import type { EachHandler } from "../jobs/handler";
import type { MessageOf } from "../jobs/messages";

type DomainRow = typeof customDomains.$inferSelect;

export const GROWTH_ONLY = "Custom domains are part of the Growth plan: upgrade to give this server its own hostname";

/** A custom domain as the API answers it; `served` is false while the plan does not include custom domains. */
export const toDomainAnswer = (row: DomainRow, planAllows: boolean): z.output<typeof customDomain> => ({
  hostname: row.hostname,
  status: row.status,
  failureReason: row.failureReason,
  dnsRecords: row.dnsRecords,
  mcpUrl: `https://${row.hostname}/mcp`,
  served: row.status === "active" && planAllows,
  notServedReason: planAllows
    ? null
    : "The organization's plan no longer includes custom domains (Growth): the hostname stays configured but is not served until the plan includes them again",
  createdAt: row.createdAt.toISOString(),
  checkedAt: row.checkedAt?.toISOString() ?? null,
});
export type DomainAnswer = ReturnType<typeof toDomainAnswer>;

const providerOrFail = (env: Bindings, requestUrl: string): DomainProvider => domainProvider(env, requestUrl) ?? fail(503, NOT_CONFIGURED);
const planAllows = async (db: Database, organizationId: string) =>
  Boolean((await getOrganizationPlan(db, organizationId)).plan?.customDomain);

async function rowOf(db: Database, organizationId: string, serverId: string) {
  await getServerRow(db, organizationId, serverId);
  return db.query.customDomains.findFirst({
    where: and(eq(customDomains.serverId, serverId), eq(customDomains.organizationId, organizationId)),
  });
}

/** How often a pending hostname is re-checked when its owner looks at it. */
const RECHECK_PENDING_MS = 30_000;

/** The server's custom domain (a pending one re-checked with the provider when last checked over 30 s ago), or null. */
export async function getCustomDomain(db: Database, env: Bindings, requestUrl: string, organizationId: string, serverId: string) {
  let row = await rowOf(db, organizationId, serverId);
  if (!row) return null;
  const provider = domainProvider(env, requestUrl);
  if (row.status === "pending" && provider && Date.now() - (row.checkedAt?.getTime() ?? 0) > RECHECK_PENDING_MS) {
    const state = await provider.check(row.providerId, row.hostname).catch(() => null);
    if (state) row = await saveState(db, row, state);
  }
  return toDomainAnswer(row, await planAllows(db, organizationId));
}

/** Claims `hostname` for the server through the provider; a hostname belongs to one server of one organization. */
export async function addCustomDomain(
  db: Database,
  env: Bindings,
  requestUrl: string,
  organizationId: string,
  serverId: string,
  rawHostname: string,
) {
  if (!(await planAllows(db, organizationId))) fail(403, GROWTH_ONLY);
  const portalHost = new URL(env.PUBLIC_URL ?? requestUrl).host;
  const hostname = normalizeHostname(rawHostname, portalHost);
  const existing = await rowOf(db, organizationId, serverId);
  if (existing) fail(409, `This server already uses ${existing.hostname}: remove it before adding another hostname`);
  const taken = await db.query.customDomains.findFirst({ where: eq(customDomains.hostname, hostname) });
  if (taken) fail(409, `${hostname} is already used by another MCP server`);
  const provider = providerOrFail(env, requestUrl);
  const state = await provider.create(hostname).catch((err: Error) => fail(502, err.message));
  try {
    const [row] = await db
      .insert(customDomains)
      .values({ serverId, organizationId, hostname, ...state, checkedAt: new Date() })
      .returning();
    forgetCustomHosts();
    if (row.status === "active") await notifyDomainActive(db, row);
    return toDomainAnswer(row, true);
  } catch {
    // A claim that lost a race keeps nothing at the provider either.
    await provider.remove(state.providerId).catch(() => {});
    fail(409, `${hostname} is already used by another MCP server`);
  }
}

async function saveState(db: Database, row: DomainRow, state: HostnameState) {
  const [updated] = await db
    .update(customDomains)
    .set({
      status: state.status,
      failureReason: state.failureReason,
      dnsRecords: state.dnsRecords.length > 0 ? state.dnsRecords : row.dnsRecords,
      checkedAt: new Date(),
    })
    .where(eq(customDomains.id, row.id))
    .returning();
  if (updated.status !== row.status) forgetCustomHosts();
  if (updated.status === "active" && row.status !== "active") await notifyDomainActive(db, updated);
  return updated;
}

/** Asks the provider for the hostname's status now. */
export async function refreshCustomDomain(db: Database, env: Bindings, requestUrl: string, organizationId: string, serverId: string) {
  const row = (await rowOf(db, organizationId, serverId)) ?? fail(404, "This server has no custom domain");
  const state = await providerOrFail(env, requestUrl)
    .check(row.providerId, row.hostname)
    .catch((err: Error) => fail(502, err.message));
  return toDomainAnswer(await saveState(db, row, state), await planAllows(db, organizationId));
}

/** Releases the hostname at the provider and here; the server keeps answering at /s/{slug}/mcp. */
export async function removeCustomDomain(db: Database, env: Bindings, requestUrl: string, organizationId: string, serverId: string) {
  const row = (await rowOf(db, organizationId, serverId)) ?? fail(404, "This server has no custom domain");
  const provider = domainProvider(env, requestUrl);
  if (provider && row.providerId) await provider.remove(row.providerId).catch((err: Error) => fail(502, err.message));
  await db.delete(customDomains).where(eq(customDomains.id, row.id));
  forgetCustomHosts();
}

/** Daily sweep: queues a check of each pending hostname not checked in the last `minAgeMs` (at most `limit` per run). */
export async function sweepPendingDomains(db: Database, env: Bindings, now = new Date(), limit = 50, minAgeMs = 5 * 60_000) {
  if (!env.PUBLIC_URL || !domainProvider(env, env.PUBLIC_URL)) return 0;
  const due = await db.query.customDomains.findMany({
    where: and(
      eq(customDomains.status, "pending"),
      or(isNull(customDomains.checkedAt), lte(customDomains.checkedAt, new Date(now.getTime() - minAgeMs))),
    ),
    columns: { id: true },
    limit,
  });
  if (due.length > 0)
    await enqueue(
      env,
      due.map(({ id }) => ({ kind: "domain-check" as const, domainId: id })),
    );
  return due.length;
}

/** Job: asks the provider for a still-pending hostname's status; a provider error is retried by the bus, then left for the next sweep. */
export const domainCheckJob: EachHandler<MessageOf<"domain-check">> = {
  mode: "each",
  maxAttempts: 3,
  retryDelaySeconds: 60,
  async run({ db, env }, { domainId }) {
    const provider = env.PUBLIC_URL ? domainProvider(env, env.PUBLIC_URL) : null;
    const row = await db.query.customDomains.findFirst({ where: and(eq(customDomains.id, domainId), eq(customDomains.status, "pending")) });
    if (!provider || !row) return;
    await saveState(db, row, await provider.check(row.providerId, row.hostname));
  },
};
