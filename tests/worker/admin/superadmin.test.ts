// Superadmin: every organization's servers for superusers; 403 for everyone else.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../../worker/db";
import { deployments, servers, users } from "../../../worker/db/schema";
import { call, signedIn } from "../helpers";

const db = getDb(env.DB);

// SUPERADMIN_EMAILS names admin@toolport.test; the account is created once per test file and its email
// marked verified, as an operator does for a built-in account (a bare sign-up is never a superuser).
let admin: Promise<{ cookie: string }> | undefined;
async function verifiedAdmin() {
  const account = await signedIn({ email: "admin@toolport.test", name: "Admin" });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
  return account;
}
const signedInAdmin = () => (admin ??= verifiedAdmin());

describe("superadmin servers", () => {
  it("lists the servers of all organizations with owner, organization and deployment", async () => {
    const alice = await signedIn({ name: "Alice" });
    const bob = await signedIn({ name: "Bob" });
    const [a] = await db
      .insert(servers)
      .values({ organizationId: alice.organizationId, createdBy: alice.userId, name: "Alice API", slug: `alice-${crypto.randomUUID()}` })
      .returning();
    const [b] = await db
      .insert(servers)
      .values({ organizationId: bob.organizationId, createdBy: bob.userId, name: "Bob API", slug: `bob-${crypto.randomUUID()}` })
      .returning();
    await db
      .insert(deployments)
      .values({ serverId: b.id, contentHash: "abc", provider: "loader", status: "failed", error: "upstream refused" });

    const admin = await signedInAdmin();
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
    const user = await signedIn();
    const res = await call("/api/superadmin/servers", { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Access denied: restricted to superadministrators" });
  });
});

describe("superadmin redeploy", () => {
  it("redeploys another organization's server from its latest tools", async () => {
    const owner = await signedIn({ name: "Owner" });
    const [server] = await db
      .insert(servers)
      .values({
        organizationId: owner.organizationId,
        createdBy: owner.userId,
        name: "Owned",
        slug: `owned-${crypto.randomUUID().slice(0, 8)}`,
        baseUrl: "https://api.example.com",
      })
      .returning();
    const admin = await signedInAdmin();
    const res = await call(`/api/superadmin/servers/${server.id}/redeploy`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: "deployed" } });
    const list = ((await (await call("/api/superadmin/servers", { cookie: admin.cookie })).json()) as any).data;
    expect(list.find((s: { id: string }) => s.id === server.id).deployment).toMatchObject({ status: "deployed" });
  });

  it("refuses users who are not superusers, and unknown servers", async () => {
    const owner = await signedIn();
    const [server] = await db
      .insert(servers)
      .values({ organizationId: owner.organizationId, name: "Mine", slug: `mine-${crypto.randomUUID().slice(0, 8)}` })
      .returning();
    const res = await call(`/api/superadmin/servers/${server.id}/redeploy`, { method: "POST", cookie: owner.cookie });
    expect(res.status).toBe(403);
    const admin = await signedInAdmin();
    const missing = await call(`/api/superadmin/servers/nope/redeploy`, { method: "POST", cookie: admin.cookie });
    expect(await missing.json()).toEqual({ success: false, error: "Server not found" });
  });
});
