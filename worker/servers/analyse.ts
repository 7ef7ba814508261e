// POST /api/servers/{id}/analyse-auth: re-reads the kept description and the server's tools.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { tools } from "../db/schema";
import { analyseAuth, type AuthAnalysis, type AuthCandidate } from "../openapi/auth";
import { loadDescription } from "../openapi/load";
import type { JsonSchemaObject, ToolMapping } from "../openapi/types";
import { getServerRow } from "./queries";
import { keptText } from "../lib/kept-text";

type Env = Pick<Cloudflare.Env, "ENVIRONMENT" | "KV">;
/** Tools whose parameters are analysed (the first ones): a server of thousands would not fit the isolate. */
const MAX_ANALYSED_TOOLS = 2000;

/** Auth candidates and per-server parameter candidates of one of the organization's servers. */
export async function analyseServerAuth(db: Database, env: Env, organizationId: string, serverId: string): Promise<AuthAnalysis> {
  const server = await getServerRow(db, organizationId, serverId);
  const rows = await db
    .select({ name: tools.name, inputSchema: tools.inputSchema, mapping: tools.mapping })
    .from(tools)
    .where(eq(tools.serverId, serverId))
    .orderBy(asc(tools.position))
    .limit(MAX_ANALYSED_TOOLS);
  const toolList = rows.map((r) => ({
    name: r.name,
    inputSchema: r.inputSchema as JsonSchemaObject,
    mapping: r.mapping as unknown as ToolMapping,
  }));
  const text = server.specKey ? await keptText(env.KV, server.specKey) : null;
  const document = text ? (await loadDescription({ text, sourceUrl: server.sourceUrl }, env)).document : null;
  // A description imported by a job is not kept: the schemes it declared were recorded at import.
  const auth = document ? null : await db.query.authConfigs.findFirst({ where: (a, { eq: is }) => is(a.serverId, serverId) });
  return analyseAuth(document, toolList, (auth?.settings?.detected as AuthCandidate[] | undefined) ?? []);
}
