// Crawl-related server calls: create from an extracted spec, restart crawl, automated crawls.
import { createRoute, z } from "@hono/zod-openapi";
import { requesterOf } from "../api-keys/authenticate";
import { REDEPLOYS_NOTE } from "../api-keys/scopes";
import { automatedCrawlAnswer, automatedCrawlBody, crawlRestarted } from "./schemas";
import { createServerFromSpec, restartCrawl, setAutomatedCrawl } from "./server-crawl";
import { ok } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { createdServer } from "../servers/schemas";
import { notFound } from "../servers/routes";

export const idParam = z.object({ id: z.string().min(1).max(100).describe("The server's id") });
export const fromSpecBody = z.object({
  specId: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
});
const tag = ["Crawling"];

export const serverCrawlRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "post",
      path: "/from-spec",
      operationId: "create_server_from_spec",
      tags: tag,
      summary: "Create a server from an extracted OpenAPI description",
      request: { body: { required: true, content: { "application/json": { schema: fromSpecBody } } } },
      responses: {
        201: json(ok(createdServer), "The new server with its import report"),
        ...errors({
          403: "Server limit of the plan reached",
          404: "Specification not found",
          409: "Another server of the organization has the name given",
        }),
      },
    }),
    async (c) => {
      const data = await createServerFromSpec(c.var.db, c.env, {
        organizationId: c.var.organizationId,
        userId: c.var.user.id,
        ...c.req.valid("json"),
      });
      return c.json({ success: true as const, data }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/restart-crawl",
      operationId: "restart_crawl",
      tags: tag,
      summary: "Crawl a server's documentation again; its tools are regenerated when the crawl ends",
      description: REDEPLOYS_NOTE,
      request: { params: idParam },
      responses: {
        200: json(ok(crawlRestarted), "The new crawl"),
        ...errors({
          400: "This server was not created from a crawl and cannot be recrawled",
          403: "An API key without the 'deploy' scope, on a deployed server",
          ...notFound,
        }),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await restartCrawl(c.var.db, c.env, c.var.organizationId, c.req.valid("param").id, requesterOf(c)),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "patch",
      path: "/{id}/automated-crawl",
      operationId: "set_automated_crawl",
      tags: tag,
      summary: "Turn weekly or monthly automated re-crawls on or off (paid plans)",
      request: { params: idParam, body: { required: true, content: { "application/json": { schema: automatedCrawlBody } } } },
      responses: {
        200: json(ok(automatedCrawlAnswer), "The automated crawl settings"),
        ...errors({
          400: "Not created from a crawl",
          403: "Automated crawls are available on paid plans (the answer has requiresUpgrade: true)",
          ...notFound,
        }),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await setAutomatedCrawl(c.var.db, c.var.organizationId, c.req.valid("param").id, c.req.valid("json")),
        },
        200,
      ),
  );
