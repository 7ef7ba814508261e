// Re-crawls of a server (placeholder; the regeneration step lands with restart-crawl).
import type { Database } from "../db";
import type { Bindings } from "../env";

export async function refreshServer(_db: Database, _env: Bindings, _job: { serverId: string; crawlId: string }, _attempts: number) {}
