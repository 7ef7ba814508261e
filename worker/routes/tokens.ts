// Access tokens: list, generate, assign servers, revoke, rotate; a server's assigned tokens.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { validate } from "../lib/validate";
import { assignedTokenIds, assignServers, createToken, listTokens, revokeToken, rotateToken } from "../tokens/tokens";

export const idParam = z.object({ id: z.string().min(1).max(100) });
const serverIds = z.array(z.string().min(1).max(100)).max(500);
export const newTokenBody = z.object({
  name: z.string().max(100).nullish(),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  serverIds: serverIds.optional(),
});
export const assignServersBody = z.object({ serverIds });

export const tokenRoutes = new Hono<AppEnv>()
  .get("/access-tokens", async (c) => c.json({ success: true, data: await listTokens(c.var.db, c.var.organizationId) }))
  .post("/access-tokens", validate("json", newTokenBody), async (c) => {
    const { name, expiresAt, serverIds } = c.req.valid("json");
    const data = await createToken(c.var.db, c.var.organizationId, c.var.user.id, {
      name,
      expiresAt: expiresAt ? new Date(expiresAt) : null,
      serverIds,
    });
    return c.json({ success: true, data }, 201);
  })
  .post("/access-tokens/:id/servers", validate("param", idParam), validate("json", assignServersBody), async (c) => {
    const data = await assignServers(c.env, c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json").serverIds);
    return c.json({ success: true, data });
  })
  .delete("/access-tokens/:id", validate("param", idParam), async (c) => {
    await revokeToken(c.env, c.var.db, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true });
  })
  .post("/access-tokens/:id/rotate", validate("param", idParam), async (c) => {
    const data = await rotateToken(c.env, c.var.db, c.var.organizationId, c.var.user.id, c.req.valid("param").id);
    return c.json({ success: true, data });
  })
  .get("/servers/:id/assigned-tokens", validate("param", idParam), async (c) => {
    const data = await assignedTokenIds(c.var.db, c.var.organizationId, c.req.valid("param").id);
    return c.json({ success: true, data });
  });
