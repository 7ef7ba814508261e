// zod schema of a server as the superadmin list answers it (admin/servers.ts).
import { z } from "zod";
import { SERVER_STATUSES } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";
import { deploymentSummary, endpoint } from "../servers/schemas";

export const adminServer = z.object({
  id: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  version: z.string(),
  slug: z.string(),
  status: z.enum(SERVER_STATUSES),
  endpoints: z.array(endpoint),
  organizationId: z.string(),
  organization: z.object({ name: z.string(), slug: z.string() }),
  createdBy: nullable(z.object({ name: z.string(), email: z.string() })),
  createdAt: timestamp,
  deployment: nullable(deploymentSummary),
});
