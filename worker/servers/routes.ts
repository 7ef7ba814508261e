// Servers: list, create from an OpenAPI description, read, delete; tools: mappings, toggles, renames.
import { createRoute, z } from "@hono/zod-openapi";
import { uploadBodyLimit } from "../lib/body-limits";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json, bodyReadByHandler } from "../lib/openapi";
import { createServerOrJob } from "../imports/handoff";
import { importJob } from "../imports/schemas";
import { deleteServer } from "./delete";
import { DEPLOYED_SLUG_MESSAGE, updateServer } from "./update";
import { getServerAnswer, listServers } from "./queries";
import { createdServer, server, toolMapping, toolSettings, toolsToggled } from "./schemas";
import { fieldsSchema, readCreateForm, UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE } from "./source";
import { getToolSettings, listMappings, setToolOverride, setToolSettings, setToolsActive } from "./tools";

/** The {id} of a server route (not validated: an unknown id is a 404 from the lookup). */
export const serverId = z.object({ id: z.string().describe("The server's id") });
export const notFound = { 404: "Server not found (or it belongs to another organization)" } as const;
export const paused = { 409: "This server is paused due to plan limits. Upgrade your plan to resume." } as const;

const serverChange = z
  .object({
    name: z.string().max(200, "name: at most 200 characters").optional(),
    description: z.string().max(2000, "description: at most 2000 characters").optional(),
    slug: z
      .string()
      .max(48, "slug: at most 48 characters")
      .optional()
      .describe("Lower-case letters, digits and '-'; only before the first deployment"),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.slug !== undefined, {
    message: "Give name, description or slug to change",
  });

/** PATCH /:id/tools: one tool by name (toggle, rename, rewrite its description), or many toggled at once. */
export const toggleSchema = z.union([
  z
    .object({
      toolName: z.string().min(1),
      active: z.boolean().optional(),
      name: z.string().max(200).optional(),
      description: z.string().max(20_000).optional(),
    })
    .refine((b) => b.active !== undefined || b.name !== undefined || b.description !== undefined, {
      message: "Give active, name or description to change",
    }),
  z.object({ toolNames: z.array(z.string().min(1)).min(1).max(5000), active: z.boolean() }),
]);

/** GET /:id/mappings: `view=summary` leaves out input schemas (they are left out anyway past 5,000 tools). */
export const mappingsQuery = z.object({ view: z.enum(["full", "summary"]).optional() });

/** Bounds of a server's response budget, in UTF-8 bytes (1 KB to 1 MB). */
export const RESPONSE_BUDGET_BOUNDS = { min: 1_000, max: 1_000_000 };
const budgetMessage = "maxResponseBytes: a whole number of bytes from 1,000 to 1,000,000";

/** PATCH /:id/tool-mode: tools listed directly or reached through three search tools, and the response budget. */
export const toolModeSchema = z
  .object({
    toolMode: z.enum(["direct", "search"]).optional(),
    maxResponseBytes: z
      .number(budgetMessage)
      .int(budgetMessage)
      .min(RESPONSE_BUDGET_BOUNDS.min, budgetMessage)
      .max(RESPONSE_BUDGET_BOUNDS.max, budgetMessage)
      .optional(),
  })
  .refine((b) => b.toolMode !== undefined || b.maxResponseBytes !== undefined, { message: "Give toolMode or maxResponseBytes to change" });

const descriptionFile = z.file().openapi({ type: "string", format: "binary" });

/** POST /: the handler reads the upload itself (multipart or JSON) under the upload limit. */
const createServerRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "create_server",
  tags: ["Servers"],
  summary: "Add a server from an OpenAPI description (a URL or an uploaded .json, .yaml or .yml file)",
  description:
    "Imports the description into tools (the first ones up to the plan's maxToolsPerServer start active). Send multipart/form-data with `file` or `url`, or JSON with `url`.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: fieldsSchema.extend({ url: fieldsSchema.shape.url.describe("URL of an OpenAPI 3.x or Swagger 2.0 description") }),
        },
        "multipart/form-data": {
          schema: fieldsSchema.extend({ file: descriptionFile.describe("A .json, .yaml or .yml OpenAPI description").optional() }),
        },
      },
    },
  },
  responses: {
    201: json(ok(createdServer), "The new server with its import report"),
    202: json(ok(z.object({ importJob })), "A description of very many operations: a job imports it (poll GET /api/imports/{id})"),
    ...errors({
      400: "No description given, an unsupported file type, or a description that cannot be imported",
      403: "Server limit of the plan reached",
      409: "Another server of the organization has the name given",
      413: "The description is too large",
      502: "The URL could not be fetched",
    }),
  },
});

export const serverRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "list_servers",
      tags: ["Servers"],
      summary: "List the organization's MCP servers",
      responses: { 200: json(ok(z.array(server)), "The servers") },
    }),
    async (c) => c.json({ success: true as const, data: await listServers(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      operationId: "get_server",
      tags: ["Servers"],
      summary: "Read one server",
      request: { params: serverId },
      responses: { 200: json(ok(server), "The server"), ...errors(notFound) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await getServerAnswer(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}",
      operationId: "update_server",
      tags: ["Servers"],
      summary: "Rename a server, rewrite its description, or change its slug (the endpoint /s/{slug}/mcp) before its first deployment",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: serverChange } } } },
      responses: {
        200: json(ok(server), "The server"),
        ...errors({
          400: "An empty name or a slug that is not lower-case letters, digits and '-' (1 to 48)",
          409: `Another server of the organization has the name, the slug is taken, or: ${DEPLOYED_SLUG_MESSAGE}`,
          ...notFound,
        }),
      },
    }),
    async (c) =>
      c.json(
        { success: true as const, data: await updateServer(c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json")) },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      operationId: "delete_server",
      tags: ["Servers"],
      summary: "Delete a server with its tools, authentication and token assignments",
      request: { params: serverId },
      responses: { 200: json(ok(z.object({ id: z.string() })), "The deleted server's id"), ...errors(notFound) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await deleteServer(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/mappings",
      operationId: "list_tools",
      tags: ["Tools"],
      summary: "List a server's tools with their input schemas and endpoints",
      description:
        "view=summary leaves out the input schemas and cuts descriptions to 300 characters; a server of more than 5,000 tools always answers the summary.",
      request: { params: serverId, query: mappingsQuery },
      responses: { 200: json(ok(z.array(toolMapping)), "The tools"), ...errors(notFound) },
    }),
    async (c) => {
      const summary = c.req.valid("query").view === "summary";
      return c.json(
        { success: true as const, data: await listMappings(c.var.db, c.var.organizationId, c.req.valid("param").id, { summary }) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/tools",
      operationId: "set_tools_active",
      tags: ["Tools"],
      summary:
        "Turn one tool (toolName) or several (toolNames) on or off; rename one tool (name: ^[a-zA-Z0-9_-]{1,64}$, unique in the server) or rewrite its description (at most 2000 characters); an empty name or description restores the imported one",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: toggleSchema } } } },
      responses: {
        200: json(ok(toolsToggled), "What changed"),
        ...errors({
          400: "Invalid body, tool name or description",
          403: "Tool limit of the plan reached",
          404: "Server or tool not found",
          409: "The server is paused by plan limits, or another of its tools has that name",
        }),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const [db, org, id] = [c.var.db, c.var.organizationId, c.req.valid("param").id];
      if ("toolNames" in body)
        return c.json({ success: true as const, data: await setToolsActive(db, org, id, body.toolNames, body.active) }, 200);
      const override =
        body.name !== undefined || body.description !== undefined ? await setToolOverride(db, org, id, body.toolName, body) : undefined;
      const toggled = body.active !== undefined ? await setToolsActive(db, org, id, [body.toolName], body.active) : undefined;
      return c.json({ success: true as const, data: { ...toggled, ...override } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/tool-mode",
      operationId: "get_tool_mode",
      tags: ["Tools"],
      summary: "Read how the server exposes its tools (direct or search) and its response budget (maxResponseBytes)",
      request: { params: serverId },
      responses: { 200: json(ok(toolSettings), "The tool settings"), ...errors(notFound) },
    }),
    async (c) =>
      c.json({ success: true as const, data: await getToolSettings(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/tool-mode",
      operationId: "set_tool_mode",
      tags: ["Tools"],
      summary:
        "Expose the server's active tools directly (direct) or through search_tools, describe_tool and call_tool (search), and/or set the response budget (maxResponseBytes, 1,000 to 1,000,000 UTF-8 bytes; answers over it are cut with a note); applies at the next deploy",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: toolModeSchema } } } },
      responses: {
        200: json(ok(toolSettings), "The tool settings"),
        ...errors({ 400: "Invalid body", 404: "Server not found", ...paused }),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await setToolSettings(c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json")),
        },
        200,
      ),
  )
  .openapi(bodyReadByHandler(createServerRoute, uploadBodyLimit(UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE_MESSAGE)), async (c) => {
    const form = await readCreateForm(c.req.raw, c.env);
    const created = await createServerOrJob(c.var.db, c.env, { organizationId: c.var.organizationId, userId: c.var.user.id, ...form });
    // Very many operations: a job imports them (202 with the job to poll at /api/imports/{id}).
    if (created.importJob) return c.json({ success: true as const, data: { importJob: created.importJob } }, 202);
    return c.json({ success: true as const, data: created.server }, 201);
  });

// The upload's body is read by its handler (multipart or JSON): described here, not validated.
serverRoutes.openAPIRegistry.registerPath(createServerRoute);
