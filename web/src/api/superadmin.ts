// Superadmin: every organization's servers, and redeploying one.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { Server } from "./servers";

export type AdminServer = Server & {
  createdBy?: { name: string | null; email: string } | null;
  organization?: { name: string; slug: string } | null;
  organizationId?: string;
  createdAt?: string;
};

export const adminServersQuery = queryOptions({
  queryKey: ["superadmin", "servers"],
  queryFn: async () => (await apiRequest<AdminServer[]>("/api/superadmin/servers", { fallbackError: "Failed to fetch servers" })) ?? [],
});

export const redeployServer = (id: string) =>
  apiRequest(`/api/superadmin/servers/${encodeURIComponent(id)}/redeploy`, {
    method: "POST",
    fallbackError: "Failed to initiate redeployment",
  });
