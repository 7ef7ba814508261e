// Large imports: POST /api/imports takes the description's bytes as the request body (up to 100 MB,
// streamed to R2) or JSON { url } (fetched with the SSRF guard, streamed within the same cap), and
// answers 202 with a job; GET /api/imports/{id} answers its progress, then its server and report.
import { createRoute, z } from "@hono/zod-openapi";
import { ok } from "../lib/answers";
import { readTextWithin } from "../lib/body";
import { fail } from "../lib/errors";
import { describedRoutes, errors, json, bodyReadByHandler } from "../lib/openapi";
import { JSON_BODY_LIMIT, uploadBodyLimit } from "../lib/body-limits";
import { safeFetch } from "../lib/safe-fetch";
import { fieldsSchema } from "../servers/source";
import { getImportJob, listImportJobs, startImport } from "./jobs";
import { importJob } from "./schemas";
import { LARGE_TOO_LARGE_MESSAGE, MAX_LARGE_DESCRIPTION_BYTES } from "./store";

const ACCEPTED_FILE = /\.(json|ya?ml)$/i;
/** How long fetching a large description by URL may take. */
const URL_FETCH_MS = 120_000;

/** The query of a raw upload: the file's name, and the server's name and description. */
export const uploadQuery = z.object({
  filename: z.string().trim().min(1).max(255).regex(ACCEPTED_FILE, "filename: a .json, .yaml or .yml file").optional(),
  name: fieldsSchema.shape.name,
  description: fieldsSchema.shape.description,
});
const urlBody = fieldsSchema.extend({ url: z.string().trim().min(1, "url: give the description's URL").max(2048) });
const jobParams = z.object({ id: z.string().min(1).max(100).describe("The import job's id") });
const tag = ["Servers"];

/** POST /: the handler reads the body itself (a stream of up to 100 MB, or JSON with a URL). */
const importRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "import_large_description",
  tags: tag,
  summary: "Import a large OpenAPI description (up to 100 MB) in the background",
  description:
    "Send the description's bytes as the body (application/octet-stream; JSON, since descriptions over 20 MB are read as a stream) with filename, name and description in the query, or JSON with `url` to have it fetched. The description is kept in storage and a job imports every operation as a tool; poll GET /api/imports/{id}. POST /api/servers answers 202 with `importJob` when a description has more than 5,000 operations.",
  request: {
    query: uploadQuery,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            url: z.string().describe("URL of a large OpenAPI description"),
            name: z.string().optional(),
            description: z.string().optional(),
          }),
        },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary" }).describe("The description itself (up to 100 MB)") },
      },
    },
  },
  responses: {
    202: json(ok(importJob), "The import job"),
    ...errors({
      403: "Server limit of the plan reached",
      413: "The description is larger than the 100 MB limit",
      502: "The URL could not be fetched",
    }),
  },
});

export const importRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      operationId: "list_import_jobs",
      tags: tag,
      summary: "The organization's latest import jobs",
      responses: { 200: json(ok(z.array(importJob)), "The import jobs") },
    }),
    async (c) => c.json({ success: true as const, data: await listImportJobs(c.var.db, c.var.organizationId) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      operationId: "get_import_job",
      tags: tag,
      summary: "An import job's progress, then its server and report",
      request: { params: jobParams },
      responses: {
        200: json(ok(importJob), "The import job"),
        ...errors({ 404: "Import job not found (or it belongs to another organization)" }),
      },
    }),
    async (c) => c.json({ success: true as const, data: await getImportJob(c.var.db, c.var.organizationId, c.req.valid("param").id) }, 200),
  )
  // The body is streamed to storage, not parsed: a declared length past 100 MB is refused before it is read.
  .openapi(
    bodyReadByHandler(importRoute, uploadBodyLimit(MAX_LARGE_DESCRIPTION_BYTES, LARGE_TOO_LARGE_MESSAGE, { streamed: true })),
    async (c) => {
      const [db, env] = [c.var.db, c.env];
      const base = { organizationId: c.var.organizationId, userId: c.var.user.id };
      if ((c.req.header("content-type") ?? "").includes("application/json")) {
        // JSON carries the URL, not the description: the API's usual 1 MB cap for JSON bodies applies.
        const text = await readTextWithin(c.req.raw.body, JSON_BODY_LIMIT);
        if (text === null) fail(413, "Request body too large (limit 1 MB)");
        let raw: unknown;
        try {
          raw = JSON.parse(text || "{}");
        } catch {
          fail(400, "Invalid JSON body");
        }
        const parsed = urlBody.safeParse(raw);
        if (!parsed.success) fail(400, parsed.error.issues[0]?.message ?? "Invalid input");
        const { url, name, description } = parsed.data;
        const fetched = await safeFetch(url, env, {
          maxBytes: MAX_LARGE_DESCRIPTION_BYTES,
          timeoutMs: URL_FETCH_MS,
          headers: { accept: "application/json, */*" },
        });
        if (fetched.res.status < 200 || fetched.res.status >= 300)
          fail(502, `URL not reachable: ${fetched.url} answered HTTP ${fetched.res.status}`);
        if (!fetched.res.body) fail(502, `URL not reachable: ${fetched.url} answered with no body`);
        const job = await startImport(db, env, { ...base, name, description, sourceUrl: fetched.url }, fetched.res.body);
        return c.json({ success: true as const, data: job }, 202);
      }
      if (!c.req.raw.body) fail(400, "Send the description as the request body (a .json file of up to 100 MB), or JSON with its url");
      const { filename, name, description } = c.req.valid("query");
      const job = await startImport(db, env, { ...base, name, description, filename: filename ?? "description.json" }, c.req.raw.body);
      return c.json({ success: true as const, data: job }, 202);
    },
  );

// The body is read by the handler: described here, the query validated by the route.
importRoutes.openAPIRegistry.registerPath(importRoute);
