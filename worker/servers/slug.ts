// Server slugs: readable (from the name), unique across all organizations, used in /s/{slug}.
import { like, or, eq } from "drizzle-orm";
import type { Database } from "../db";
import { servers } from "../db/schema";
import { sanitizeName } from "../openapi/naming";

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
