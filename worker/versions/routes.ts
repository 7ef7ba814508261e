// A server's description versions: push a new one (file or URL) and read its diff, apply or discard
// it, list the history (an earlier version can be applied again), and sync a URL server now.
import { createRoute, z } from "@hono/zod-openapi";
import { requesterOf } from "../api-keys/authenticate";
import { REDEPLOYS_NOTE } from "../api-keys/scopes";
import { ok, okEmpty } from "../lib/answers";
import { uploadBodyLimit } from "../lib/body-limits";
import { describedRoutes, errors, json, bodyReadByHandler } from "../lib/openapi";
import { readCreateForm, UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE } from "../servers/source";
import { getConfigurableServer } from "../servers/tools";
import { appliedVersion, specVersion, syncOutcome } from "./schemas";
import { syncNow } from "./sync";
import { applyVersion, discardVersion, listVersions, prepareVersion } from "./versions";
import { notFound, serverId } from "../servers/routes";

const versionParams = z.object({
  id: z.string().min(1).max(100).describe("The server's id"),
  versionId: z.string().min(1).max(100).describe("The version's id"),
});
const tag = ["Description versions"];
const needsDeploy = { 403: "An API key without the 'deploy' scope, on a deployed server" } as const;

/** PUT /{id}/spec: the handler reads the upload itself (multipart or JSON) under the upload limit. */
const pushRoute = createRoute({
  method: "put",
  path: "/{id}/spec",
  operationId: "push_description",
  tags: tag,
  summary: "Push a new description (file or URL) as a pending version and get its diff; nothing changes until it is applied",
  description: "Same body, limits and errors as creating a server: multipart/form-data with `file`, or JSON or a form with `url`.",
  request: {
    params: serverId,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ url: z.string().max(2048).optional().describe("URL of an OpenAPI 3.x or Swagger 2.0 description") }),
        },
        "multipart/form-data": {
          schema: z.object({
            file: z.file().openapi({ type: "string", format: "binary" }).describe("A .json, .yaml or .yml OpenAPI description"),
          }),
        },
      },
    },
  },
  responses: {
    201: json(ok(specVersion), "The pending version with its diff"),
    ...errors({
      400: "No description given, an unsupported file type, or a description that cannot be imported",
      ...notFound,
      409: "The server is paused by plan limits",
      413: "The description is too large",
      502: "The URL could not be fetched",
    }),
  },
});

export const serverSpecRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/spec/versions",
      operationId: "list_description_versions",
      tags: tag,
      summary: "The server's description versions, newest first (the first is recorded when the first new one is pushed)",
      request: { params: serverId },
      responses: { 200: json(ok(z.array(specVersion)), "The versions"), ...errors(notFound) },
    }),
    async (c) => c.json({ success: true as const, data: await listVersions(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/spec/{versionId}/apply",
      operationId: "apply_description_version",
      tags: tag,
      summary:
        "Apply a version (a pending one, or restore an earlier one): tools re-imported keeping active flags, renames, descriptions and static values of tools that still exist, within the plan's limit; a deployed server is redeployed",
      description: REDEPLOYS_NOTE,
      request: { params: versionParams },
      responses: {
        200: json(ok(appliedVersion), "The applied version, the import report and the redeployment"),
        ...errors({
          ...needsDeploy,
          404: "Server or version not found",
          409: "Already applied, or the server is paused by plan limits",
          410: "The version's text is no longer kept",
        }),
      },
    }),
    async (c) => {
      const { id, versionId } = c.req.valid("param");
      return c.json(
        { success: true as const, data: await applyVersion(c.var.db, c.env, c.var.organizationId, id, versionId, requesterOf(c)) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/spec/{versionId}",
      operationId: "discard_description_version",
      tags: tag,
      summary: "Discard a pending version (it stays in the history)",
      request: { params: versionParams },
      responses: {
        200: json(okEmpty, "Discarded"),
        ...errors({ 404: "Server or version not found", 409: "Only a pending version can be discarded" }),
      },
    }),
    async (c) => {
      const { id, versionId } = c.req.valid("param");
      await discardVersion(c.var.db, c.var.organizationId, id, versionId);
      return c.json({ success: true as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/sync",
      operationId: "sync_description",
      tags: tag,
      summary:
        "Re-fetch the server's description URL now: a change that breaks no call is applied, a breaking one is held as a pending version, the same description changes nothing",
      description: REDEPLOYS_NOTE,
      request: { params: serverId },
      responses: {
        200: json(ok(syncOutcome), "What the sync did"),
        ...errors({
          ...needsDeploy,
          400: "Only servers created from a description URL can be synced",
          ...notFound,
          409: "The server is paused by plan limits",
          502: "The URL could not be fetched",
        }),
      },
    }),
    async (c) =>
      c.json(
        { success: true as const, data: await syncNow(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id, requesterOf(c)) },
        200,
      ),
  )
  .openapi(bodyReadByHandler(pushRoute, uploadBodyLimit(UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE)), async (c) => {
    const { id } = c.req.valid("param");
    // Another organization's server is a 404 before its body is read.
    await getConfigurableServer(c.var.db, c.var.organizationId, id);
    const { source } = await readCreateForm(c.req.raw, c.env);
    const data = await prepareVersion(c.var.db, c.env, c.var.organizationId, id, source, source.sourceUrl ? "url" : "file");
    return c.json({ success: true as const, data }, 201);
  });

// The upload's body is read by its handler (multipart or JSON): described here, not validated.
serverSpecRoutes.openAPIRegistry.registerPath(pushRoute);
