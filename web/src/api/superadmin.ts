// Superadmin: every organization's servers, and redeploying one.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { adminServer } from "../../../worker/admin/schemas";

export type AdminServer = z.output<typeof adminServer>;

export const adminServersQuery = queryOptions({
  queryKey: ["superadmin", "servers"],
  queryFn: async () => (await apiRequest<AdminServer[]>("/api/superadmin/servers", { fallbackError: "Failed to fetch servers" })) ?? [],
});

export const redeployServer = (id: string) =>
  apiRequest(`/api/superadmin/servers/${encodeURIComponent(id)}/redeploy`, {
    method: "POST",
    fallbackError: "Failed to initiate redeployment",
  });
