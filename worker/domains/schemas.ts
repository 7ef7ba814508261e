// zod schema of a server's custom domain as the domain routes answer it (domains/domains.ts).
import { z } from "zod";
import { CUSTOM_DOMAIN_STATUSES } from "../db/schema";

const dnsRecord = z.object({ type: z.enum(["CNAME", "TXT"]), name: z.string(), value: z.string(), purpose: z.string() });
export const customDomain = z.object({
  hostname: z.string(),
  status: z.enum(CUSTOM_DOMAIN_STATUSES),
  failureReason: z.string().nullable().describe("Why the provider could not activate the hostname"),
  dnsRecords: z.array(dnsRecord).describe("Records to create at the hostname's DNS provider"),
  mcpUrl: z.string().describe("The server's MCP endpoint on the hostname"),
  served: z.boolean().describe("Active and included in the organization's plan"),
  notServedReason: z.string().nullable(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
});
