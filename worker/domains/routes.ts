// A server's custom domain (Growth plans): read, add, re-check, remove.
import { createRoute, z } from "@hono/zod-openapi";
import { addCustomDomain, getCustomDomain, refreshCustomDomain, removeCustomDomain } from "./domains";
import { customDomain } from "./schemas";
import { ok, okEmpty } from "../lib/answers";
import { describedRoutes, errors, json } from "../lib/openapi";
import { notFound, serverId } from "../servers/routes";

export const addDomainBody = z.object({ hostname: z.string().max(300, "hostname: at most 253 characters") });
const tag = ["Custom domains"];
const notConfigured = { 503: "Custom domains are not configured on this portal" } as const;

export const domainRoutes = describedRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/{id}/domain",
      operationId: "get_custom_domain",
      tags: tag,
      summary: "The server's custom domain with its status and DNS records (a pending one is re-checked), or null",
      request: { params: serverId },
      responses: { 200: json(ok(customDomain.nullable()), "The custom domain, or null"), ...errors(notFound) },
    }),
    async (c) =>
      c.json(
        { success: true as const, data: await getCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.valid("param").id) },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/{id}/domain",
      operationId: "add_custom_domain",
      tags: tag,
      summary: "Give the server its own hostname (a subdomain you control); answers the DNS records to create",
      request: { params: serverId, body: { required: true, content: { "application/json": { schema: addDomainBody } } } },
      responses: {
        201: json(ok(customDomain), "The custom domain with the DNS records to create"),
        ...errors({
          400: "Not a public subdomain, or the portal's own host",
          403: "Custom domains are part of the Growth plan",
          404: "Server not found",
          409: "The server already has a hostname, or another server uses this one",
          502: "The hosting provider refused the hostname",
          ...notConfigured,
        }),
      },
    }),
    async (c) => {
      const data = await addCustomDomain(
        c.var.db,
        c.env,
        c.req.url,
        c.var.organizationId,
        c.req.valid("param").id,
        c.req.valid("json").hostname,
      );
      return c.json({ success: true as const, data }, 201);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/{id}/domain/check",
      operationId: "check_custom_domain",
      tags: tag,
      summary: "Ask the provider for the hostname's status now",
      request: { params: serverId },
      responses: {
        200: json(ok(customDomain), "The custom domain"),
        ...errors({
          404: "Server not found, or it has no custom domain",
          502: "The hosting provider could not be asked",
          ...notConfigured,
        }),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          data: await refreshCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.valid("param").id),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/{id}/domain",
      operationId: "remove_custom_domain",
      tags: tag,
      summary: "Release the hostname; the server keeps answering at /s/{slug}/mcp",
      request: { params: serverId },
      responses: {
        200: json(okEmpty, "Released"),
        ...errors({ 404: "Server not found, or it has no custom domain", 502: "The hosting provider refused to remove it" }),
      },
    }),
    async (c) => {
      await removeCustomDomain(c.var.db, c.env, c.req.url, c.var.organizationId, c.req.valid("param").id);
      return c.json({ success: true as const }, 200);
    },
  );
