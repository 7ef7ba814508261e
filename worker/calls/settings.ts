// A server's call-log settings: whether arguments and results are recorded (redacted, capped), the
// extra field names to redact, and how long records are kept (the plan's retention).
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import { getOrganizationPlan } from "../billing/plans";
import { invalidateServerLookups } from "../servers/read-model";
import { getServerRow } from "../servers/queries";
import type { z } from "zod";
import type { callLogSettings } from "./schemas";

export type CallLogSettings = { recordPayloads?: boolean; sensitiveFields?: string[] };

/** The settings as GET and PATCH /api/servers/{id}/call-log answer them. */
export async function getCallLogSettings(
  db: Database,
  organizationId: string,
  serverId: string,
): Promise<z.output<typeof callLogSettings>> {
  const server = await getServerRow(db, organizationId, serverId);
  const { plan } = await getOrganizationPlan(db, organizationId);
  return { recordPayloads: server.recordPayloads, sensitiveFields: server.sensitiveFields, retentionDays: plan?.callLogRetentionDays ?? 7 };
}

/** Changes the settings; the gateway sees them at its next lookup of the server. */
export async function setCallLogSettings(db: Database, organizationId: string, serverId: string, settings: CallLogSettings) {
  await getServerRow(db, organizationId, serverId);
  const fields = settings.sensitiveFields && [...new Set(settings.sensitiveFields.map((f) => f.trim()).filter(Boolean))];
  await db
    .update(servers)
    .set({
      ...(settings.recordPayloads !== undefined ? { recordPayloads: settings.recordPayloads } : {}),
      ...(fields ? { sensitiveFields: fields } : {}),
    })
    .where(eq(servers.id, serverId));
  invalidateServerLookups();
  return getCallLogSettings(db, organizationId, serverId);
}
