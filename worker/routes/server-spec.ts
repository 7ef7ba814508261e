// A server's description versions: push a new one (file or URL) and read its diff, apply or discard
// it, list the history (an earlier version can be applied again), and sync a URL server now.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "../env";
import { fail } from "../lib/errors";
import { validate } from "../lib/validate";
import { readCreateForm, UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE } from "../servers/source";
import { getConfigurableServer } from "../servers/tools";
import { syncNow } from "../versions/sync";
import { applyVersion, discardVersion, listVersions, prepareVersion } from "../versions/versions";

const versionParams = z.object({ id: z.string().min(1).max(100), versionId: z.string().min(1).max(100) });

export const serverSpecRoutes = new Hono<AppEnv>()
  .put("/:id/spec", bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: () => fail(413, UPLOAD_TOO_LARGE_MESSAGE) }), async (c) => {
    // Another organization's server is a 404 before its body is read.
    await getConfigurableServer(c.var.db, c.var.organizationId, c.req.param("id"));
    const { source } = await readCreateForm(c.req.raw, c.env);
    const data = await prepareVersion(c.var.db, c.env, c.var.organizationId, c.req.param("id"), source, source.sourceUrl ? "url" : "file");
    return c.json({ success: true, data }, 201);
  })
  .get("/:id/spec/versions", async (c) => c.json({ success: true, data: await listVersions(c.var.db, c.var.organizationId, c.req.param("id")) }))
  .post("/:id/spec/:versionId/apply", validate("param", versionParams), async (c) => {
    const { id, versionId } = c.req.valid("param");
    return c.json({ success: true, data: await applyVersion(c.var.db, c.env, c.var.organizationId, id, versionId) });
  })
  .delete("/:id/spec/:versionId", validate("param", versionParams), async (c) => {
    const { id, versionId } = c.req.valid("param");
    await discardVersion(c.var.db, c.var.organizationId, id, versionId);
    return c.json({ success: true });
  })
  .post("/:id/sync", async (c) => c.json({ success: true, data: await syncNow(c.var.db, c.env, c.var.organizationId, c.req.param("id")) }));
