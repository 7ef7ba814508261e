// zod schemas of the portal API key answers (api-keys/keys.ts).
import { z } from "zod";
import { API_KEY_SCOPES } from "../db/schema";
import { nullable, timestamp } from "../lib/answers";

export const apiKeyInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, to recognise it"),
    scopes: z
      .array(z.enum(API_KEY_SCOPES))
      .describe("read: GET routes; servers: create, import, configure and delete servers; deploy: deploy and redeploy"),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp).describe("Recorded at most once a minute"),
    expiresAt: nullable(timestamp),
    revokedAt: nullable(timestamp),
  })
  .meta({ id: "ApiKey" });

export const newApiKey = z.object({ key: z.string().describe("The API key itself (tpk_…): shown once, never again"), apiKey: apiKeyInfo });
