// Recorded API answers, in the shapes the Worker's routes declare (typed by the same schemas: worker/*/schemas.ts).
import type { AdminServer } from "@/api/superadmin";
import type { Plan, Subscription } from "@/api/billing";
import type { Server } from "@/api/servers";
import type { User } from "@/api/auth";
import type { TokenInfo } from "@/api/tokens";

export const user: User = { name: "Ada Lovelace", email: "ada@example.com", picture: null, superUser: false };
export const superUser = { ...user, name: "Grace Hopper", email: "admin@toolport.test", superUser: true };

export const activeServer = {
  id: "srv_1",
  name: "Petstore",
  description: "The pet store API",
  version: "1.0.0",
  slug: "petstore-ab12",
  baseUrl: "https://petstore.example.com",
  endpoints: [
    { method: "GET", path: "/pets" },
    { method: "POST", path: "/pets" },
    { method: "GET", path: "/pets/{id}" },
  ],
  status: "active",
  hibernatedReason: null,
  deployment: {
    id: "dep_1",
    status: "deployed",
    deploymentUrl: "http://localhost:8787/s/petstore-ab12",
    error: null,
    updatedAt: "2026-11-02T10:00:00.000Z",
    cloudflareDeploymentId: "abc123",
    cloudflareProjectId: "petstore-ab12",
  },
  automatedCrawlEnabled: false,
  automatedCrawlFrequency: "weekly",
  originalCrawlUrl: null,
  lastCrawledAt: null,
  lastCrawlError: null,
  sourceUrl: "https://petstore.example.com/openapi.json",
  toolCount: 3,
  activeToolCount: 3,
  authConfig: {
    authType: "bearer",
    authStrategy: "managed",
    status: "configured",
    exposeToPublic: false,
    requireToolportLogin: false,
    accessControl: "access-token",
    updatedAt: "2026-11-01T09:00:00.000Z",
  },
  createdAt: "2026-11-01T08:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
} satisfies Server;

export const pausedServer: Server = {
  ...activeServer,
  id: "srv_2",
  name: "Weather",
  description: null,
  endpoints: [],
  status: "hibernated",
  hibernatedReason: "servers",
  deployment: null,
  authConfig: null,
};

export const token: TokenInfo = {
  id: "tok_1",
  name: "CI token",
  prefix: "tp_abc",
  isActive: true,
  expiresAt: null,
  createdAt: "2026-11-01T08:00:00.000Z",
  lastUsedAt: null,
  serverAssignments: [{ serverId: "srv_1", serverName: "Petstore" }],
};
export const revokedToken: TokenInfo = { ...token, id: "tok_2", name: null, isActive: false, serverAssignments: [] };
export const expiredToken: TokenInfo = { ...token, id: "tok_3", name: "Old", expiresAt: "2020-01-01T00:00:00.000Z", serverAssignments: [] };

const plan = (
  type: Plan["type"],
  name: string,
  price: number,
  maxServers: number,
  maxTools: number,
  maxCalls: number,
  popular = false,
): Plan => ({
  id: `plan_${type}`,
  type,
  name,
  price,
  description: `${name} plan`,
  popular,
  features: {
    maxServers,
    maxToolsPerServer: maxTools,
    maxToolCallsPerMonth: maxCalls,
    automatedCrawls: type !== "free",
    apiAccess: true,
    prioritySupport: type === "growth",
    customDomain: type === "growth",
  },
});
export const plans = [
  plan("free", "Free", 0, 1, 10, 1000),
  plan("sprout", "Sprout", 1900, 5, 1000, 25000, true),
  plan("growth", "Growth", 9900, 25, 5000, 250000),
];
export const subscription = (planIndex = 0, toolCalls = 120, serversUsed = 1, status: Subscription["status"] = "active"): Subscription => ({
  plan: plans[planIndex],
  status,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  usage: { serversUsed, toolCallsThisMonth: toolCalls, period: "2026-11" },
  provider: "local",
  testMode: true,
});

export const adminServers: AdminServer[] = [
  {
    ...activeServer,
    organizationId: "org_1",
    organization: { name: "Ada's org", slug: "ada" },
    createdBy: { name: "Ada Lovelace", email: "ada@example.com" },
  },
  {
    ...pausedServer,
    status: "active",
    organizationId: "org_2",
    organization: { name: "Bob's org", slug: "bob" },
    createdBy: { name: "Bob", email: "bob@example.com" },
    deployment: { ...activeServer.deployment, id: "dep_2", status: "failed", error: "boom" },
  },
];
