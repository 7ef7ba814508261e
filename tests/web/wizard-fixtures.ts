// Recorded answers of the wizard's calls, in the shapes the worker's server, auth-config, crawl and
// token routes produce (typed by their answer schemas), and a fetch stub that also accepts multipart bodies.
import { vi } from "vitest";
import type { AuthAnalysis, AuthConfig } from "@/api/auth-config";
import type { CreatedServer } from "@/api/servers";
import type { Tool } from "@/api/tools";
import * as fx from "./fixtures";

type Call = { method: string; path: string; body: unknown };
type Reply = { status?: number; body?: unknown };
export type WizardRoutes = Record<string, Reply | ((call: Call, n: number) => Reply | Promise<Reply>)>;

/** Stubs fetch with "METHOD /path" keys; a function answer gets the call and how many came before. */
export function mockWizardApi(routes: WizardRoutes) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = new URL(input, "http://localhost").pathname;
      const raw = init?.body;
      const body = raw instanceof FormData ? Object.fromEntries(raw.entries()) : raw ? JSON.parse(String(raw)) : undefined;
      const call = { method, path, body };
      const n = calls.filter((c) => c.method === method && c.path === path).length;
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const answer = typeof route === "function" ? await route(call, n) : route;
      if (!answer) return Response.json({ success: false, error: "Not found" }, { status: 404 });
      return Response.json(answer.body ?? null, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export const ok = (data?: unknown) => ({ body: { success: true, data } });
export const fail = (status: number, error: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, error, ...extra },
});

export const newServer = {
  ...fx.activeServer,
  id: "srv_new",
  name: "Notes API",
  description: "Notes for teams",
  slug: "notes-api-x1",
  deployment: null,
  authConfig: {
    authType: "none",
    authStrategy: "managed",
    status: "not_configured",
    exposeToPublic: false,
    requireToolportLogin: false,
    accessControl: "access-token",
    updatedAt: "2026-11-03T08:00:00.000Z",
  },
  toolCount: 3,
  activeToolCount: 3,
  importReport: { openapiVersion: "3.1.0", operations: 3, tools: 3, skipped: 0, degraded: 0, issues: [] },
} satisfies CreatedServer;

export const analysis: AuthAnalysis = {
  authCandidates: [{ type: "bearer", schemeName: "bearerAuth", source: "securitySchemes", usedBy: 3, confidence: 1 }],
  authContext: [
    { name: "workspaceId", type: "string", reason: "Account-level identifier repeated in 3 of 3 operations", confidence: 0.95 },
  ],
  credentials: [],
  functional: [{ name: "apiVersion", type: "string", reason: "API version header parameter used in 3 of 3 operations", confidence: 0.8 }],
  envVarDocs: [{ name: "API_TOKEN", description: "Bearer token", authType: "bearer", secret: true }],
};
export const publicAnalysis: AuthAnalysis = { authCandidates: [], authContext: [], credentials: [], functional: [], envVarDocs: [] };

const tool = (name: string, active: boolean, props: Record<string, { type: string; description?: string }> = {}) =>
  ({
    name,
    title: name.replace(/_/g, " "),
    description: `Calls ${name}`,
    customName: null,
    customDescription: null,
    active,
    inputSchema: {
      type: "object",
      properties: { workspaceId: { type: "string" }, apiVersion: { type: "string" }, ...props },
      required: ["workspaceId"],
    },
    endpoint: { method: "GET", path: `/${name}`, summary: name },
  }) satisfies Tool;
export const mappings = [
  tool("list_notes", true, { limit: { type: "integer", description: "Page size" } }),
  tool("get_note", true, { noteId: { type: "string" } }),
  tool("delete_note", false, { noteId: { type: "string" } }),
];
/** Twelve extra arguments, so the dynamic list shows 10 and '... and N more parameters'. */
export const manyArgs = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`field${String(i).padStart(2, "0")}`, { type: "string" }]),
);

export const savedConfig: AuthConfig = {
  authType: "bearer",
  authStrategy: "managed",
  status: "configured",
  authContextValues: { workspaceId: "ws_42" },
  authContextMetadata: [analysis.authContext[0]],
  maskedSecrets: { token: "sk_l…cret" },
  exposeToPublic: false,
  requireToolportLogin: false,
  settings: { apiKey: null, oauth2: null },
  updatedAt: "2026-11-03T09:00:00.000Z",
};

export const wizardToken = {
  ...fx.token,
  id: "tok_w",
  name: "Wizard token",
  serverAssignments: [] as { serverId: string; serverName: string }[],
};

export const subscriptionWithLimit = (maxToolsPerServer: number) => {
  const s = fx.subscription(0);
  return { ...s, plan: { ...s.plan, features: { ...s.plan.features, maxToolsPerServer } } };
};

/** Everything the servers page and a create-mode wizard on a bearer API need. */
export const createRoutes = (): WizardRoutes => ({
  "GET /api/auth/profile": ok(fx.user),
  "GET /api/servers": ok([]),
  "GET /api/access-tokens": ok([wizardToken]),
  "GET /api/billing/usage/servers": ok({}),
  "GET /api/billing/subscription": ok(fx.subscription(0)),
  "POST /api/servers": { status: 201, body: { success: true, data: newServer } },
  "POST /api/servers/srv_new/analyse-auth": ok(analysis),
  "GET /api/servers/srv_new/mappings": ok(mappings),
  "POST /api/access-tokens/tok_w/servers": ok({ id: "tok_w" }),
  "POST /api/servers/srv_new/auth-config": (call) =>
    ok({ ...savedConfig, ...(call.body as object), maskedSecrets: { token: "sk_l…cret" } }),
});
