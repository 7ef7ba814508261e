// The consent step of an authorization request: what the SPA shows (client, server, tools, user,
// whether this user may approve) and the user's answer, which completes the grant or denies it.
import { authorizationErrorRedirect } from "@cloudflare/workers-oauth-provider";
import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../db";
import { authConfigs, memberships, organizations, servers, tools } from "../db/schema";
import type { Bindings, SessionUser } from "../env";
import { fail } from "../lib/errors";
import { findServerBySlug } from "../servers/read-model";
import { rootInfo } from "../gateway/root-info";
import { dropPendingRequest, type PendingRequest } from "./authorize";
import { ensureMetadataDocumentClient } from "./cimd";
import { recordGrant } from "./grants";
import { endpointOf, grantOfToken, oauthApi } from "./provider";

/** Tools listed on the consent page. */
const MAX_TOOLS_SHOWN = 50;
/** Characters of a tool's description shown there. */
const MAX_DESCRIPTION = 500;

type Approval = { canApprove: true; reason: null } | { canApprove: false; reason: string };

/** Why someone who is not a member may not approve; the organization stays unnamed, as on the server's public page. */
export const MEMBERS_ONLY = "Only members of the organization that owns this server can connect apps to it: ask a member to invite you.";

/** Whether `user` may connect apps to the server: its members; anyone signed in with requireToolportLogin or a public server. */
async function approvalOf(
  db: Database,
  userId: string,
  serverId: string,
): Promise<(Approval & { organizationId: string; organizationName: string }) | null> {
  const [row] = await db
    .select({
      organizationId: servers.organizationId,
      organizationName: organizations.name,
      requireLogin: authConfigs.requireToolportLogin,
      isPublic: authConfigs.exposeToPublic,
    })
    .from(servers)
    .innerJoin(organizations, eq(organizations.id, servers.organizationId))
    .leftJoin(authConfigs, eq(authConfigs.serverId, servers.id))
    .where(eq(servers.id, serverId));
  if (!row) return null;
  const base = { organizationId: row.organizationId, organizationName: row.organizationName };
  if (row.requireLogin || row.isPublic) return { ...base, canApprove: true, reason: null };
  const member = await db.query.memberships.findFirst({
    where: and(eq(memberships.userId, userId), eq(memberships.organizationId, row.organizationId)),
  });
  if (member) return { ...base, canApprove: true, reason: null };
  return { ...base, canApprove: false, reason: MEMBERS_ONLY };
}

/** The server as someone who may approve sees it: its organization and first tools. */
async function serverForApprover(db: Database, pending: PendingRequest, organizationName: string) {
  const server = await db.query.servers.findFirst({ where: eq(servers.id, pending.serverId) });
  if (!server || server.status === "removed") return null;
  const active = and(eq(tools.serverId, server.id), eq(tools.active, true));
  const [listed, [{ total }]] = await Promise.all([
    db
      .select({
        name: tools.name,
        customName: tools.customName,
        description: tools.description,
        customDescription: tools.customDescription,
        annotations: tools.annotations,
      })
      .from(tools)
      .where(active)
      .orderBy(asc(tools.position))
      .limit(MAX_TOOLS_SHOWN),
    db.select({ total: count() }).from(tools).where(active),
  ]);
  return {
    id: server.id,
    name: server.name,
    slug: server.slug,
    endpoint: pending.authRequest.resource ?? endpointOf(pending.origin, server.slug),
    organizationName,
    toolCount: total,
    tools: listed.map((t) => ({
      name: t.customName ?? t.name,
      description: (t.customDescription ?? t.description).slice(0, MAX_DESCRIPTION),
      readOnly: t.annotations?.readOnlyHint === true,
    })),
  };
}

/** The server as anyone else sees it: no more than its public info page (/s/{slug}) shows. */
async function serverForOutsider(db: Database, env: Bindings, pending: PendingRequest) {
  const found = await findServerBySlug(db, pending.slug);
  if (!found || found.server.id !== pending.serverId || found.server.status === "removed") return null;
  const info = await rootInfo(env, found, `${pending.origin}/s/${found.server.slug}`);
  return {
    id: null,
    name: info.name,
    slug: found.server.slug,
    endpoint: pending.authRequest.resource ?? info.mcpUrl,
    organizationName: null,
    toolCount: info.toolCount,
    tools: [],
  };
}

/** The consent page's data for a pending request (GET /api/oauth/requests/{id}). */
export async function describeRequest(db: Database, env: Bindings, pending: PendingRequest, user: SessionUser, address: string) {
  // A metadata document cached when the request began may have expired since: fetched again.
  const unusable = await ensureMetadataDocumentClient(env, pending.authRequest.clientId, address);
  if (unusable?.throttled) fail(429, unusable.message);
  if (unusable) return null;
  const api = oauthApi(env, pending.origin, pending.authRequest.resource!);
  const [consent, client, approval] = await Promise.all([
    api.describeConsent(pending.authRequest),
    api.lookupClient(pending.authRequest.clientId),
    approvalOf(db, user.id, pending.serverId),
  ]);
  if (!approval) return null;
  const server = approval.canApprove
    ? await serverForApprover(db, pending, approval.organizationName)
    : await serverForOutsider(db, env, pending);
  if (!server) return null;
  return {
    id: pending.id,
    client: {
      id: consent.clientId,
      name: consent.clientName,
      uri: client?.clientUri ?? null,
      logoUri: client?.logoUri ?? null,
      redirectHost: consent.redirectHost,
    },
    server,
    user: { email: user.email, name: user.name || null },
    canApprove: approval.canApprove,
    reason: approval.reason,
  };
}

export type Decision = { ok: true; redirectTo: string } | { ok: false; reason: string };

/** Answers a pending request: approve (when this user may) completes the grant; deny sends access_denied. */
export async function decideRequest(
  db: Database,
  env: Bindings,
  pending: PendingRequest,
  user: SessionUser,
  approve: boolean,
  address: string,
): Promise<Decision> {
  const { authRequest } = pending;
  if (!approve) {
    await dropPendingRequest(env, pending.id);
    return { ok: true, redirectTo: authorizationErrorRedirect(authRequest, "access_denied", "The user denied the request") };
  }
  const approval = await approvalOf(db, user.id, pending.serverId);
  if (!approval) return { ok: false, reason: "The MCP server of this request no longer exists" };
  if (!approval.canApprove) return { ok: false, reason: approval.reason };
  await dropPendingRequest(env, pending.id);
  const unusable = await ensureMetadataDocumentClient(env, authRequest.clientId, address);
  if (unusable?.throttled) fail(429, unusable.message);
  if (unusable) return { ok: false, reason: unusable.message };
  const api = oauthApi(env, pending.origin, authRequest.resource!);
  const client = await api.lookupClient(authRequest.clientId);
  const props: GrantProps = { serverId: pending.serverId, organizationId: approval.organizationId };
  const { redirectTo } = await api.completeAuthorization({
    request: authRequest,
    userId: user.id,
    scope: authRequest.scope,
    props,
    metadata: { serverId: pending.serverId },
  });
  const grant = grantOfToken(new URL(redirectTo).searchParams.get("code") ?? "");
  if (grant) {
    const clientName = client?.clientName || new URL(authRequest.redirectUri).host || authRequest.clientId;
    await recordGrant(db, env, {
      id: grant.grantId,
      organizationId: approval.organizationId,
      serverId: pending.serverId,
      userId: user.id,
      clientId: authRequest.clientId,
      clientName: clientName.slice(0, 200),
    });
  }
  return { ok: true, redirectTo };
}

/** What every token of a grant carries: the one server it is for, and that server's organization. */
export type GrantProps = { serverId: string; organizationId: string };
