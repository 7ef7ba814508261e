// Every new user gets an organization of their own, on the free plan.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db";
import { memberships, organizations, subscriptions, users } from "../db/schema";

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|(?<!-)-+$/g, "")
    .slice(0, 40) || "org";

/** Creates the user's organization, their owner membership and a free subscription in one batch. */
export async function createPersonalOrganization(db: Database, user: { id: string; name: string; email: string }) {
  const organizationId = crypto.randomUUID();
  const label = user.name?.trim() || user.email.split("@")[0];
  await db.batch([
    db.insert(organizations).values({
      id: organizationId,
      name: `${label}'s organization`,
      slug: `${slugify(label)}-${organizationId.slice(0, 8)}`,
    }),
    db.insert(memberships).values({ organizationId, userId: user.id, role: "owner" }),
    db.insert(subscriptions).values({ organizationId, planType: "free", status: "active" }),
  ]);
  return organizationId;
}

/**
 * Writes that change nothing, in as many D1 round trips as creating an account takes (the user, the
 * organization batch, the password account), so a sign-up with a taken email answers as slowly as a new one.
 */
export async function mirrorAccountCreation(db: Database, userId: string) {
  const touch = () =>
    db
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(eq(users.id, userId));
  await touch();
  await db.batch([touch(), touch(), touch()]);
  await touch();
}
