// Crawl-related server calls: create from an extracted spec, restart crawl, automated crawls.
import { Hono } from "hono";
import { z } from "zod";
import { createServerFromSpec, restartCrawl, setAutomatedCrawl } from "../crawl/server-crawl";
import { CRAWL_FREQUENCIES } from "../db/schema";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";

export const idParam = z.object({ id: z.string().min(1).max(100) });
export const fromSpecBody = z.object({
  specId: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
});
export const automatedBody = z.object({ enabled: z.boolean(), frequency: z.enum(CRAWL_FREQUENCIES).default("weekly") });

export const serverCrawlRoutes = new Hono<AppEnv>()
  .post("/from-spec", validate("json", fromSpecBody), async (c) => {
    const data = await createServerFromSpec(c.var.db, c.env, { organizationId: c.var.organizationId, userId: c.var.user.id, ...c.req.valid("json") });
    return c.json({ success: true, data }, 201);
  })
  .post("/:id/restart-crawl", validate("param", idParam), async (c) => {
    const data = await restartCrawl(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, data });
  })
  .patch("/:id/automated-crawl", validate("param", idParam), validate("json", automatedBody), async (c) => {
    const data = await setAutomatedCrawl(c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, data });
  });
