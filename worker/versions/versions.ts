// A server's description versions: a new one is prepared (imported and compared, not applied), then
// applied (tools re-imported keeping the user's choices, a deployed server redeployed) or discarded;
// an earlier one can be applied again. Each version's text is kept in KV.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db";
import { specVersions, tools } from "../db/schema";
import type { Bindings } from "../env";
import { fail } from "../lib/errors";
import { redeployIfLive, refuseRedeployUnlessAllowed, type Requester } from "../deploy/deploy";
import { importDescription } from "../openapi/import";
import { asReceived, loadDescription, type DescriptionSource } from "../openapi/load";
import { getServerRow } from "../servers/queries";
import { reimportServer } from "../servers/reimport";
import { getConfigurableServer } from "../servers/tools";
import { authSummaryOf, diffTools, type SpecDiff, type ToolSide } from "./diff";
import type { z } from "zod";
import type { specVersion } from "./schemas";
import { keepText, keptText } from "../lib/kept-text";

type VersionRow = typeof specVersions.$inferSelect;
const versionKey = (id: string) => `spec-version:${id}`;
/** Versions listed per server (older ones stay restorable through their id). */
const HISTORY_LIMIT = 50;

export const VERSION_NOT_FOUND = "Description version not found";

/** A version as the API answers it. */
export const toVersionAnswer = (row: VersionRow): VersionAnswer => ({
  id: row.id,
  status: row.status,
  origin: row.origin,
  sourceUrl: row.sourceUrl,
  filename: row.filename,
  title: row.title,
  version: row.version,
  toolCount: row.toolCount,
  breaking: row.breaking,
  diff: row.diff as SpecDiff | null,
  createdAt: row.createdAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
});
export type VersionAnswer = z.output<typeof specVersion>;

/** Records the description a server has today as its first version, once, so it can be restored later. */
async function ensureInitialVersion(db: Database, env: Bindings, server: Awaited<ReturnType<typeof getServerRow>>) {
  const any = await db.query.specVersions.findFirst({ where: eq(specVersions.serverId, server.id) });
  if (any || !server.specKey) return;
  const text = await keptText(env.KV, server.specKey);
  if (text === null) return;
  const loaded = await loadDescription({ text, sourceUrl: server.sourceUrl }, env).catch(() => null);
  const count = await db.$count(tools, eq(tools.serverId, server.id));
  const [row] = await db
    .insert(specVersions)
    .values({
      serverId: server.id,
      organizationId: server.organizationId,
      status: "applied",
      origin: "initial",
      sourceUrl: server.sourceUrl,
      title: server.name,
      version: server.version,
      toolCount: count,
      authSummary: loaded ? authSummaryOf(loaded.document as never) : [],
      createdAt: server.createdAt,
      appliedAt: server.createdAt,
    })
    .returning();
  await keepText(env.KV, versionKey(row.id), text);
}

/** Imports `source` as a pending version of the server and answers it with its diff against today's tools. */
export async function prepareVersion(
  db: Database,
  env: Bindings,
  organizationId: string,
  serverId: string,
  source: DescriptionSource,
  origin: "file" | "url" | "sync",
) {
  const server = await getConfigurableServer(db, organizationId, serverId);
  const result = await importDescription(source, env);
  if (result.tools.length === 0) fail(400, "The description has no operations that can become tools");
  await ensureInitialVersion(db, env, server);
  const [current, applied] = await Promise.all([
    db
      .select({ name: tools.name, inputSchema: tools.inputSchema, endpoint: tools.endpoint })
      .from(tools)
      .where(eq(tools.serverId, serverId)),
    db.query.specVersions.findFirst({
      where: and(eq(specVersions.serverId, serverId), eq(specVersions.status, "applied")),
      orderBy: desc(specVersions.appliedAt),
    }),
  ]);
  const authSummary = authSummaryOf(result.loaded.document as never);
  const authChanged = applied ? JSON.stringify(applied.authSummary) !== JSON.stringify(authSummary) : false;
  const diff = diffTools(current as ToolSide[], result.tools, authChanged);
  // One pending version at a time: a newer one replaces it.
  await db
    .update(specVersions)
    .set({ status: "discarded" })
    .where(and(eq(specVersions.serverId, serverId), eq(specVersions.status, "pending")));
  const [row] = await db
    .insert(specVersions)
    .values({
      serverId,
      organizationId,
      status: "pending",
      origin,
      sourceUrl: source.sourceUrl ?? null,
      filename: source.filename ?? null,
      title: result.title,
      version: result.version,
      toolCount: result.tools.length,
      diff,
      breaking: diff.breaking,
      authSummary,
    })
    .returning();
  await keepText(env.KV, versionKey(row.id), asReceived(source));
  return toVersionAnswer(row);
}

async function versionOf(db: Database, organizationId: string, serverId: string, versionId: string) {
  const row = await db.query.specVersions.findFirst({
    where: and(eq(specVersions.id, versionId), eq(specVersions.serverId, serverId), eq(specVersions.organizationId, organizationId)),
  });
  return row ?? fail(404, VERSION_NOT_FOUND);
}

/** The server's versions, newest first. */
export async function listVersions(db: Database, organizationId: string, serverId: string) {
  await getServerRow(db, organizationId, serverId);
  const rows = await db.query.specVersions.findMany({
    where: eq(specVersions.serverId, serverId),
    orderBy: desc(specVersions.createdAt),
    limit: HISTORY_LIMIT,
  });
  return rows.map(toVersionAnswer);
}

/**
 * Makes a version the server's description: tools re-imported (active flags, renames, rewritten
 * descriptions and static values kept for tools that still exist, within the plan's tool limit), and
 * a deployed server redeployed with its last settings, which only a requester who may deploy can ask.
 */
export async function applyVersion(
  db: Database,
  env: Bindings,
  organizationId: string,
  serverId: string,
  versionId: string,
  requester: Requester,
) {
  const server = await getConfigurableServer(db, organizationId, serverId);
  refuseRedeployUnlessAllowed(requester, server);
  const row = await versionOf(db, organizationId, serverId, versionId);
  if (row.status === "applied") fail(409, "This version is already the server's description");
  const text = await keptText(env.KV, versionKey(row.id));
  if (text === null) fail(410, "The text of this version is no longer kept");
  const { report } = await reimportServer(
    db,
    env,
    organizationId,
    serverId,
    { text, sourceUrl: row.sourceUrl, filename: row.filename ?? undefined },
    {
      serverValues: row.sourceUrl ? { sourceUrl: row.sourceUrl } : {},
    },
  );
  const now = new Date();
  await db.batch([
    db
      .update(specVersions)
      .set({ status: "superseded" })
      .where(and(eq(specVersions.serverId, serverId), eq(specVersions.status, "applied"))),
    db.update(specVersions).set({ status: "applied", appliedAt: now }).where(eq(specVersions.id, row.id)),
  ]);
  const deployment = await redeployIfLive(db, env, server, requester);
  return { version: toVersionAnswer({ ...row, status: "applied", appliedAt: now }), importReport: report, deployment };
}

/** Sets a pending version aside (it stays listed, and can still be applied). */
export async function discardVersion(db: Database, organizationId: string, serverId: string, versionId: string) {
  const row = await versionOf(db, organizationId, serverId, versionId);
  if (row.status !== "pending") fail(409, "Only a pending version can be discarded");
  await db.update(specVersions).set({ status: "discarded" }).where(eq(specVersions.id, row.id));
}

/** Pending version ids by server, for the servers list's "update available". */
export async function pendingVersions(db: Database, serverIds: string[]) {
  if (serverIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: specVersions.id, serverId: specVersions.serverId, breaking: specVersions.breaking })
    .from(specVersions)
    .where(and(inArray(specVersions.serverId, serverIds.slice(0, 500)), eq(specVersions.status, "pending")));
  return new Map(rows.map((r) => [r.serverId, r.id]));
}

/** Forgets a version that changed nothing (a sync that found the same description). */
export async function dropVersion(db: Database, env: Bindings, versionId: string) {
  await db.delete(specVersions).where(eq(specVersions.id, versionId));
  await env.KV.delete(versionKey(versionId));
}
