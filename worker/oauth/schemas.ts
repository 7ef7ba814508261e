// zod schemas of the OAuth consent and connected-app answers (oauth/consent.ts, oauth/grants.ts).
import { z } from "zod";
import { nullable, timestamp } from "../lib/answers";

export const oauthRequest = z
  .object({
    id: z.string(),
    client: z.object({
      id: z.string().describe("The client_id (a URL for a metadata-document client)"),
      name: z.string(),
      uri: nullable(z.string()),
      logoUri: nullable(z.string()),
      redirectHost: z.string().describe("Where the browser goes after the answer"),
    }),
    server: z
      .object({
        id: nullable(z.string()),
        name: z.string(),
        slug: z.string(),
        endpoint: z.string().describe("The MCP endpoint the token will be bound to"),
        organizationName: nullable(z.string()),
        toolCount: z.number().int(),
        tools: z
          .array(z.object({ name: z.string(), description: z.string(), readOnly: z.boolean() }))
          .describe("The first 50 active tools"),
      })
      .describe(
        "To someone who cannot approve, only what the server's public info page shows: id and organizationName null, no tools, the deployed tool count",
      ),
    user: z.object({ email: z.string(), name: nullable(z.string()) }),
    canApprove: z.boolean(),
    reason: nullable(z.string()).describe("Why this user may not approve, when canApprove is false"),
  })
  .meta({ id: "OAuthRequest" });

export const oauthGrant = z
  .object({
    id: z.string(),
    clientId: z.string(),
    clientName: z.string(),
    serverId: z.string(),
    serverName: z.string(),
    userEmail: z.string(),
    userName: nullable(z.string()),
    createdAt: timestamp,
    lastUsedAt: nullable(timestamp).describe("Recorded at most once a minute"),
  })
  .meta({ id: "OAuthGrant" });
