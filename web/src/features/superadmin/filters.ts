// Superadmin filters and counts over every organization's servers.
import type { AdminServer } from "@/api/superadmin";

export const FILTERS = ["All", "Active", "Deployed", "Failed"] as const;
export type Filter = (typeof FILTERS)[number];

const isFailed = (s: AdminServer) => s.deployment?.status === "failed" || s.status === "failed";

export const matches = (filter: Filter, s: AdminServer) =>
  filter === "All" ||
  (filter === "Active" && s.status === "active") ||
  (filter === "Deployed" && s.deployment?.status === "deployed") ||
  (filter === "Failed" && isFailed(s));

export function summarize(servers: AdminServer[]) {
  return {
    total: servers.length,
    active: servers.filter((s) => s.status === "active").length,
    organizations: new Set(servers.map((s) => s.organizationId ?? s.organization?.slug)).size,
    deployed: servers.filter((s) => s.deployment?.status === "deployed").length,
    failed: servers.filter(isFailed),
    activeServers: servers.filter((s) => s.status === "active"),
  };
}
