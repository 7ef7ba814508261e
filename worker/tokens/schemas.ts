// zod schemas of the access-token answers (tokens/tokens.ts).
import { z } from "zod";
import { nullable, timestamp } from "../lib/answers";

export const tokenInfo = z
  .object({
    id: z.string(),
    name: nullable(z.string()),
    prefix: z.string().describe("The token's first characters, to recognise it"),
    isActive: z.boolean(),
    expiresAt: nullable(timestamp),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp),
    serverAssignments: z.array(z.object({ serverId: z.string(), serverName: z.string() })),
  })
  .meta({ id: "AccessToken" });

export const newToken = z.object({ token: z.string().describe("The access token itself: shown once, never again"), tokenInfo });

/** A token as a server lists it for assignment (API keys may read this): its id and name, never more. */
export const serverToken = z
  .object({
    id: z.string(),
    name: nullable(z.string()),
    assigned: z.boolean().describe("Whether the token is assigned to this server"),
  })
  .meta({ id: "ServerAccessToken" });
