// The answer check: with CHECK_ANSWERS = "on" (the worker tests' configuration, never on by default) every
// answer of a described route is held to its definition. A status the route does not declare, or a JSON
// body its schema refuses, becomes a 500 naming the route, the status and the first zod issue.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ZodType } from "zod";
import type { AppEnv } from "../env";
import { errorAnswer } from "../lib/answers";
import { commonErrors } from "../lib/openapi";

type Declared = { content?: Record<string, { schema?: unknown }> };
type Described = { method: string; path: string; pattern: RegExp; literal: number; responses: Record<string, Declared> };

const isZod = (value: unknown): value is ZodType => typeof (value as ZodType | undefined)?.safeParse === "function";

/** The app's described routes, literal paths first so /api/crawl/extract/job/{id} wins over a shorter pattern. */
function describedRoutesOf(app: OpenAPIHono<AppEnv>): Described[] {
  const described: Described[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { method, path, request, responses, security } = definition.route;
    const shared = commonErrors(method, path, {
      public: Array.isArray(security) && security.length === 0,
      input: Boolean(request),
      body: Boolean(request?.body),
    });
    const all: Record<string, Declared> = Object.fromEntries(
      Object.keys(shared).map((status) => [status, { content: { "application/json": { schema: errorAnswer } } }]),
    );
    Object.assign(all, responses);
    const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^{}/]+\}/g, "[^/]+");
    described.push({
      method: method.toUpperCase(),
      path,
      pattern: new RegExp(`^${source}/?$`),
      literal: path.split("{").length,
      responses: all,
    });
  }
  return described.sort((a, b) => a.literal - b.literal);
}

/** Why `res` departs from its declaration, or null when it keeps to it. */
async function departure(res: Response, responses: Record<string, Declared>) {
  const declared = responses[String(res.status)];
  if (!declared) return `status ${res.status} is not declared`;
  const schema = declared.content?.["application/json"]?.schema;
  if (!isZod(schema)) return null;
  if (!res.headers.get("content-type")?.includes("application/json"))
    return `answered ${res.headers.get("content-type") ?? "no content type"} where JSON is declared`;
  const parsed = schema.safeParse(await res.clone().json());
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${issue?.path.join(".") || "(answer)"}: ${issue?.message}`;
}

/** Middleware holding every answer of `app`'s described routes to its schema while CHECK_ANSWERS is "on". */
export function checkAnswers(app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  let described: Described[] | undefined;
  return async (c, next) => {
    await next();
    if (c.env.CHECK_ANSWERS !== "on") return;
    described ??= describedRoutesOf(app);
    const route = described.find((r) => r.method === c.req.method && r.pattern.test(c.req.path));
    if (!route) return;
    const problem = await departure(c.res, route.responses);
    if (!problem) return;
    const error = `The answer departs from its schema: ${route.method} ${route.path} ${c.res.status}: ${problem}`;
    console.error(error);
    c.res = Response.json({ success: false, error }, { status: 500 });
  };
}
