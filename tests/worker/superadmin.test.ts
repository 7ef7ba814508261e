// Superadmin: every organization's servers for superusers; 403 for everyone else.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db";
import { deployments, servers } from "../../worker/db/schema";
import { call, signUp } from "./helpers";

const db = getDb(env.DB);

describe("superadmin servers", () => {
  it("lists the servers of all organizations with owner, organization and deployment", async () => {
    const alice = await signUp({ name: "Alice" });
    const bob = await signUp({ name: "Bob" });
    const [a] = await db.insert(servers).values({ organizationId: alice.organizationId, createdBy: alice.userId, name: "Alice API", slug: `alice-${crypto.randomUUID()}` }).returning();
    const [b] = await db.insert(servers).values({ organizationId: bob.organizationId, createdBy: bob.userId, name: "Bob API", slug: `bob-${crypto.randomUUID()}` }).returning();
    await db.insert(deployments).values({ serverId: b.id, contentHash: "abc", provider: "loader", status: "failed", error: "upstream refused" });

    const admin = await signUp({ email: "admin@toolport.test", name: "Admin" });
    const res = await call("/api/superadmin/servers", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const list = ((await res.json()) as any).data as any[];
    const alices = list.find((s) => s.id === a.id);
    expect(alices).toMatchObject({
      name: "Alice API",
      organizationId: alice.organizationId,
      organization: { name: "Alice's organization" },
      createdBy: { name: "Alice", email: alice.email },
      deployment: null,
    });
    expect(Date.parse(alices.createdAt)).not.toBeNaN();
    expect(list.find((s) => s.id === b.id)).toMatchObject({ deployment: { status: "failed", error: "upstream refused" } });
  });

  it("refuses users who are not superusers", async () => {
    const user = await signUp();
    const res = await call("/api/superadmin/servers", { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Access denied: restricted to superadministrators" });
  });
});
