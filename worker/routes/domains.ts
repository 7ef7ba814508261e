// A server's custom domain (Growth plans): read, add, re-check, remove.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { addCustomDomain, getCustomDomain, refreshCustomDomain, removeCustomDomain } from "../domains/domains";

export const addDomainBody = z.object({ hostname: z.string().max(300, "hostname: at most 253 characters") });

export const domainRoutes = new Hono<AppEnv>()
  .get("/:id/domain", async (c) => c.json({ success: true, data: await getCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.param("id")) }))
  .put("/:id/domain", validate("json", addDomainBody), async (c) => {
    const data = await addCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.param("id"), c.req.valid("json").hostname);
    return c.json({ success: true, data }, 201);
  })
  .post("/:id/domain/check", async (c) =>
    c.json({ success: true, data: await refreshCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.param("id")) }),
  )
  .delete("/:id/domain", async (c) => {
    await removeCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.param("id"));
    return c.json({ success: true });
  });
