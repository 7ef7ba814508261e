// Measurement 2, the real crawl: placeholder until the portal path is written.
import type { BuiltSite } from "./build";
import type { Row } from "./report";

export async function crawlSites(_built: BuiltSite[]): Promise<Row[] | null> {
  return null;
}
