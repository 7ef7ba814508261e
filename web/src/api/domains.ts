// A server's custom domain (Growth plans): read, add, check, remove.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { customDomain } from "../../../worker/domains/schemas";

export type CustomDomain = z.output<typeof customDomain>;
export type DnsRecord = CustomDomain["dnsRecords"][number];

export const customDomainQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "domain"],
    queryFn: () => apiRequest<CustomDomain | null>(`/api/servers/${serverId}/domain`, { fallbackError: "Failed to load the custom domain" }),
  });

export const addCustomDomain = (serverId: string, hostname: string) =>
  apiRequest<CustomDomain>(`/api/servers/${serverId}/domain`, { method: "PUT", body: { hostname }, fallbackError: "Failed to add the custom domain" });

export const checkCustomDomain = (serverId: string) =>
  apiRequest<CustomDomain>(`/api/servers/${serverId}/domain/check`, { method: "POST", fallbackError: "Failed to check the custom domain" });

export const removeCustomDomain = (serverId: string) =>
  apiRequest<void>(`/api/servers/${serverId}/domain`, { method: "DELETE", fallbackError: "Failed to remove the custom domain" });
