// Notifications: features record events; GET /api/notifications lists the organization's own, newest
// first, with an unread count; POST /api/notifications/read marks some or all read; a deploy records its end.
import { describe, expect, it } from "vitest";
import { recordNotification } from "../../../worker/notifications/notifications";
import { call, signedIn } from "../helpers";
import { createServer, db, deploy, echoTool, settledDeployment } from "../mcp-setup";

const json = async (res: Response) => (await res.json()) as { success: boolean; data: any; error?: string };
const list = async (cookie: string) => (await json(await call("/api/notifications", { cookie }))).data;

describe("notifications", () => {
  it("lists the organization's notifications newest first with the unread count, and marks them read", async () => {
    const { cookie, organizationId } = await signedIn();
    const other = await signedIn();
    expect(await list(cookie)).toEqual({ notifications: [], unread: 0 });

    await recordNotification(db, organizationId, {
      kind: "crawl_finished",
      title: "Docs crawled",
      message: "12 pages",
      link: "/servers/a",
    });
    await recordNotification(db, organizationId, {
      kind: "domain_active",
      title: "api.example.com is active",
      message: "Served over HTTPS",
      link: "https://elsewhere.example/x",
    });
    await recordNotification(db, other.organizationId, { kind: "deploy_failed", title: "Not yours", message: "-" });

    const first = await list(cookie);
    expect(first.unread).toBe(2);
    expect(first.notifications.map((n: { title: string }) => n.title)).toEqual(["api.example.com is active", "Docs crawled"]);
    // Only a path of the portal is kept as a link.
    expect(first.notifications.map((n: { link: string | null }) => n.link)).toEqual([null, "/servers/a"]);
    expect(first.notifications.every((n: { read: boolean }) => !n.read)).toBe(true);

    const one = await json(await call("/api/notifications/read", { method: "POST", cookie, json: { ids: [first.notifications[1].id] } }));
    expect(one).toEqual({ success: true, data: { unread: 1 } });
    // Another organization's id changes nothing.
    const foreign = (await list(other.cookie)).notifications[0].id;
    await call("/api/notifications/read", { method: "POST", cookie, json: { ids: [foreign] } });
    expect((await list(other.cookie)).unread).toBe(1);

    expect(await json(await call("/api/notifications/read", { method: "POST", cookie, json: {} }))).toEqual({
      success: true,
      data: { unread: 0 },
    });
    expect((await list(cookie)).notifications.map((n: { read: boolean }) => n.read)).toEqual([true, true]);
  });

  it("records an event with a dedupe key once", async () => {
    const { cookie, organizationId } = await signedIn();
    const event = {
      kind: "calls_limit_near" as const,
      title: "80% of this month's tool calls used",
      message: "800 of 1,000",
      dedupeKey: "calls_limit_near:2026-11",
    };
    expect(await recordNotification(db, organizationId, event)).toBe(true);
    expect(await recordNotification(db, organizationId, event)).toBe(false);
    expect((await list(cookie)).notifications).toHaveLength(1);
  });

  it("answers 401 signed out and refuses a body that is not a list of ids", async () => {
    expect((await call("/api/notifications")).status).toBe(401);
    const { cookie } = await signedIn();
    const bad = await call("/api/notifications/read", { method: "POST", cookie, json: { ids: "all" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).success).toBe(false);
  });

  it("tells the organization that a deploy finished, once, with a link to the server", async () => {
    const { cookie, organizationId } = await signedIn();
    const server = await createServer(organizationId, [echoTool("list_items", {})]);
    await deploy(server.id);
    expect((await settledDeployment(server.id))?.status).toBe("deployed");
    const { notifications, unread } = await list(cookie);
    expect(unread).toBe(1);
    expect(notifications[0]).toMatchObject({
      kind: "deploy_succeeded",
      title: `${server.name} deployed`,
      link: `/servers/${server.id}`,
      read: false,
    });
  });
});
