// Superadmin: every organization's servers, and redeploying one.
import { queryOptions } from "@tanstack/react-query";
import { api, call, param } from "./client";
import type { z } from "zod";
import type { adminServer } from "../../../worker/admin/schemas";

export type AdminServer = z.output<typeof adminServer>;

export const adminServersQuery = queryOptions({
  queryKey: ["superadmin", "servers"],
  queryFn: async () => (await call(api.superadmin.servers.$get(), "Failed to fetch servers")) ?? [],
});

export const redeployServer = (id: string) =>
  call(api.superadmin.servers[":id"].redeploy.$post(param({ id })), "Failed to initiate redeployment");
