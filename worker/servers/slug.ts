// Server names, unique in their organization, and slugs: readable (from the name), unique across all
// organizations, used in /s/{slug}.
import { and, eq, like, ne, or } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import { fail } from "../lib/errors";
import { duplicateNameMessage } from "../lib/messages";
import { sanitizeName } from "../openapi/naming";

/**
 * The new server's name: a name the user gave must not be another server's of the organization (409);
 * the description's title, taken by default, becomes "Title (2)", "Title (3)" … when it is.
 */
export async function uniqueServerName(db: Database, organizationId: string, given: string | null | undefined, title: string): Promise<string> {
  const taken = new Set(
    (await db.select({ name: servers.name }).from(servers).where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed")))).map((s) =>
      s.name.trim().toLowerCase(),
    ),
  );
  const wanted = given?.trim();
  if (wanted) {
    if (taken.has(wanted.toLowerCase())) fail(409, duplicateNameMessage(wanted));
    return wanted;
  }
  if (!taken.has(title.toLowerCase())) return title;
  for (let i = 2; ; i++) if (!taken.has(`${title} (${i})`.toLowerCase())) return `${title} (${i})`;
}

export function slugify(name: string): string {
  const slug = sanitizeName(name).toLowerCase().replace(/_/g, "-").replace(/-{2,}/g, "-").replace(/^-+|(?<!-)-+$/g, "");
  return slug.slice(0, 48).replace(/(?<!-)-+$/, "") || "server";
}

/** A slug not used yet: the name's slug, else with -2, -3 … */
export async function uniqueSlug(db: Database, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: servers.slug })
    .from(servers)
    .where(or(eq(servers.slug, base), like(servers.slug, `${base}-%`)));
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}
