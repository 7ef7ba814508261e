// Server names, unique in their organization, and slugs: readable (from the name), unique across all
// organizations, used in /s/{slug}.
import { and, eq, like, ne, or } from "drizzle-orm";
import type { Database } from "../db";
import { retiredSlugs, servers } from "../db/schema";
import { fail } from "../lib/errors";
import { duplicateNameMessage } from "../lib/messages";
import { sanitizeName } from "../openapi/naming";

/**
 * The new server's name: a name the user gave must not be another server's of the organization (409);
 * the description's title, taken by default, becomes "Title (2)", "Title (3)" … when it is.
 */
export async function uniqueServerName(
  db: Database,
  organizationId: string,
  given: string | null | undefined,
  title: string,
): Promise<string> {
  const taken = await namesTaken(db, organizationId);
  const wanted = given?.trim();
  if (wanted) {
    if (taken.has(wanted.toLowerCase())) fail(409, duplicateNameMessage(wanted));
    return wanted;
  }
  if (!taken.has(title.toLowerCase())) return title;
  for (let i = 2; ; i++) if (!taken.has(`${title} (${i})`.toLowerCase())) return `${title} (${i})`;
}

export function slugify(name: string): string {
  const slug = sanitizeName(name)
    .toLowerCase()
    .replace(/_/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|(?<!-)-+$/g, "");
  return slug.slice(0, 48).replace(/(?<!-)-+$/, "") || "server";
}

/** The organization's server names (but `exceptId`'s), trimmed and lower-cased. */
async function namesTaken(db: Database, organizationId: string, exceptId?: string) {
  const rows = await db
    .select({ name: servers.name })
    .from(servers)
    .where(and(eq(servers.organizationId, organizationId), ne(servers.status, "removed"), exceptId ? ne(servers.id, exceptId) : undefined));
  return new Set(rows.map((s) => s.name.trim().toLowerCase()));
}

/** Refuses (409) a new name of server `serverId` that another server of the organization has. */
export async function assertNameFree(db: Database, organizationId: string, serverId: string, name: string) {
  if ((await namesTaken(db, organizationId, serverId)).has(name.trim().toLowerCase())) fail(409, duplicateNameMessage(name.trim()));
}

/** Whether `slug` was ever given to a server (in use or retired). */
export async function isSlugTaken(db: Database, slug: string) {
  const [live, retired] = await db.batch([
    db.select({ slug: servers.slug }).from(servers).where(eq(servers.slug, slug)).limit(1),
    db.select({ slug: retiredSlugs.slug }).from(retiredSlugs).where(eq(retiredSlugs.slug, slug)).limit(1),
  ]);
  return live.length + retired.length > 0;
}

/** Slugs equal to `base` or starting with `base-`, in use or retired. */
async function slugsLike(db: Database, base: string) {
  const [live, retired] = await db.batch([
    db
      .select({ slug: servers.slug })
      .from(servers)
      .where(or(eq(servers.slug, base), like(servers.slug, `${base}-%`))),
    db
      .select({ slug: retiredSlugs.slug })
      .from(retiredSlugs)
      .where(or(eq(retiredSlugs.slug, base), like(retiredSlugs.slug, `${base}-%`))),
  ]);
  return new Set([...live, ...retired].map((t) => t.slug));
}

/** A slug never given yet: the name's slug, else with -2, -3 … */
export async function uniqueSlug(db: Database, name: string): Promise<string> {
  const base = slugify(name);
  const used = await slugsLike(db, base);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}
