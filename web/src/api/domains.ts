// A server's custom domain (Growth plans): read, add, check, remove.
import { queryOptions } from "@tanstack/react-query";
import { api, call, param } from "./client";
import type { z } from "zod";
import type { customDomain } from "../../../worker/domains/schemas";

export type CustomDomain = z.output<typeof customDomain>;
export type DnsRecord = CustomDomain["dnsRecords"][number];

export const customDomainQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "domain"],
    queryFn: () => call(api.servers[":id"].domain.$get(param({ id: serverId })), "Failed to load the custom domain"),
  });

export const addCustomDomain = (serverId: string, hostname: string) =>
  call(api.servers[":id"].domain.$put({ ...param({ id: serverId }), json: { hostname } }), "Failed to add the custom domain");

export const checkCustomDomain = (serverId: string) =>
  call(api.servers[":id"].domain.check.$post(param({ id: serverId })), "Failed to check the custom domain");

export const removeCustomDomain = (serverId: string) =>
  call(api.servers[":id"].domain.$delete(param({ id: serverId })), "Failed to remove the custom domain");
