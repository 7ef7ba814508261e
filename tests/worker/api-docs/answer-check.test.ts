// The answer check (CHECK_ANSWERS = "on" in this project's configuration): an answer that departs from
// its route's declared schema, or a status the route does not declare, becomes a 500 naming the route.
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkAnswers } from "../../../worker/api-docs/check-answers";
import type { AppEnv } from "../../../worker/env";
import { ok } from "../../../worker/lib/answers";
import { errors, json } from "../../../worker/lib/openapi";
import { call, signedIn } from "../helpers";

/** A public app with one described route whose handler answers what the test asks for. */
function appAnswering(answer: { status: number; body: unknown }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(checkAnswers(app));
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/things/{id}",
      operationId: "get_thing",
      security: [],
      request: { params: z.object({ id: z.string() }) },
      responses: {
        200: json(ok(z.object({ id: z.string(), count: z.number().int() })), "The thing"),
        ...errors({ 404: "Thing not found" }),
      },
    }),
    () => Response.json(answer.body, { status: answer.status }) as never,
  );
  return app;
}

const fetchThing = (app: OpenAPIHono<AppEnv>, bindings: object = env) => app.request("/api/things/t1", {}, bindings);

describe("answer check", () => {
  it("is on in the worker tests' configuration", () => {
    expect(env.CHECK_ANSWERS).toBe("on");
  });

  it("lets an answer that keeps to its schema through unchanged", async () => {
    const res = await fetchThing(appAnswering({ status: 200, body: { success: true, data: { id: "t1", count: 2 } } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { id: "t1", count: 2 } });
    const missing = await fetchThing(appAnswering({ status: 404, body: { success: false, error: "Thing not found" } }));
    expect(missing.status).toBe(404);
  });

  it("turns a body that departs from the declared schema into a 500 naming the route and the issue", async () => {
    const res = await fetchThing(appAnswering({ status: 200, body: { success: true, data: { id: "t1", count: "two" } } }));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toContain("GET /api/things/{id} 200: data.count:");
  });

  it("counts a status the route does not declare as a departure", async () => {
    const res = await fetchThing(appAnswering({ status: 409, body: { success: false, error: "Conflict" } }));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toBe(
      "The answer departs from its schema: GET /api/things/{id} 409: status 409 is not declared",
    );
  });

  it("checks an error answer against the error shape", async () => {
    const res = await fetchThing(appAnswering({ status: 404, body: { message: "gone" } }));
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toContain("GET /api/things/{id} 404: success:");
  });

  it("is off unless CHECK_ANSWERS is on", async () => {
    const res = await fetchThing(appAnswering({ status: 200, body: { success: true, data: { id: "t1", count: "two" } } }), {
      ...env,
      CHECK_ANSWERS: undefined,
    });
    expect(res.status).toBe(200);
  });

  it("holds the portal's own routes to their schemas: a stored value outside the declared set is caught", async () => {
    const user = await signedIn();
    await env.DB.prepare(
      "INSERT INTO servers (id, organization_id, name, slug, status, created_at, updated_at) VALUES (?, ?, 'Odd', ?, 'sleeping', ?, ?)",
    )
      .bind(crypto.randomUUID(), user.organizationId, `odd-${crypto.randomUUID().slice(0, 8)}`, Date.now(), Date.now())
      .run();
    const res = await call("/api/servers", { cookie: user.cookie });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^The answer departs from its schema: GET \/api\/servers 200: data\.0\.status: /,
    );
  });
});
