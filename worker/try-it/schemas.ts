// zod schemas of Try it, Check the API and the Model view (requests and answers).
import { z } from "zod";
import { nullable } from "../lib/answers";

const MAX_ARGUMENT_CHARS = 256 * 1024;

export const tryItBody = z.object({
  tool: z
    .string()
    .min(1, "tool: name a tool")
    .max(200)
    .describe("The tool's name (in search mode, the operation's own tool, called through call_tool)"),
  arguments: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((a) => JSON.stringify(a).length <= MAX_ARGUMENT_CHARS, "arguments: at most 256 KB of JSON")
    .describe("The tool's arguments, as a client sends them"),
  upstreamCredential: z
    .string()
    .max(4_000)
    .optional()
    .describe("A passthrough server only: the API credential a client would send (used for this call, never kept)"),
});

export const tryItAnswer = z
  .object({
    tool: z.string(),
    mode: z.enum(["direct", "search"]),
    httpStatus: z.number().int().describe("The MCP endpoint's HTTP status"),
    isError: z.boolean().describe("The tool result's isError (true also when there is no result)"),
    content: z.array(z.unknown()).describe("The tool result's content, as the client got it"),
    structuredContent: z.unknown().describe("The tool result's structuredContent, or null"),
    rpcError: nullable(z.looseObject({ code: z.number(), message: z.string() })).describe("A JSON-RPC error instead of a result"),
    upstreamStatus: nullable(z.number().int()).describe("The API's HTTP status, when the call reached it"),
    upstreamMs: nullable(z.number().int()).describe("Time spent waiting for the API"),
    gatewayMs: z.number().int().describe("Time spent in the gateway and the server itself"),
    totalMs: z.number().int(),
    truncated: z.boolean().describe("The answer was cut at the server's response budget (its note says so)"),
    answer: z.unknown().describe("The whole JSON-RPC answer, as the client got it"),
  })
  .meta({ id: "TryItAnswer" });

export const checkBody = z.object({
  tool: z.string().max(200).optional().describe("A read-only (GET) tool; by default the first without required arguments"),
  baseUrl: z.string().max(2_000).optional().describe("Check this base URL instead of the configured one (e.g. before it is saved)"),
  arguments: z.record(z.string(), z.unknown()).optional().describe("The tool's arguments, when it needs some"),
});

export const checkOperations = z.object({
  baseUrl: nullable(z.string()),
  operations: z.array(z.object({ name: z.string(), path: z.string(), ready: z.boolean().describe("Needs no arguments") })),
  defaultTool: nullable(z.string()).describe("The operation checked when none is picked"),
});

export const checkAnswer = z
  .object({
    tool: z.string(),
    path: z.string(),
    baseUrl: z.string(),
    credential: z.enum(["managed", "passthrough", "none"]),
    verdict: z
      .enum(["ok", "unreachable", "refused", "blocked", "error"])
      .describe("unreachable: the host did not answer; refused: 401/403 or no token; blocked: the egress guard refused the address"),
    reached: z.boolean(),
    status: nullable(z.number().int()),
    ms: z.number().int(),
    contentType: nullable(z.string()),
    body: nullable(z.string()).describe("The start of the answer (secrets redacted)"),
    bodyBytes: z.number().int(),
    cut: z.boolean(),
    message: z.string(),
  })
  .meta({ id: "ApiCheck" });

const size = z.object({ name: z.string(), bytes: z.number().int(), tokens: z.number().int() });
const measured = {
  bytes: z.number().int().describe('UTF-8 bytes of the tools/list result {"tools":[...]}'),
  tokens: z.number().int().describe("bytes / bytesPerToken, rounded up"),
  toolCount: z.number().int(),
  tools: z.array(size.extend({ large: z.boolean(), largeBecause: z.array(z.string()) })).describe("Each entry's size, largest first"),
  listing: z.array(z.record(z.string(), z.unknown())).describe("The entries as clients receive them (the first 1,000)"),
};

export const modelViewAnswer = z
  .object({
    source: z.enum(["deployment", "draft"]).describe("deployment: what the active deployment lists; draft: what a deploy would list now"),
    deploymentId: nullable(z.string()),
    mode: z.enum(["direct", "search"]),
    bytesPerToken: z.number(),
    largeToolBytes: z.number().int(),
    direct: z.object(measured),
    search: z.object({ ...measured, describe: z.array(size).describe("What describe_tool answers for each tool, largest first") }),
  })
  .meta({ id: "ModelView" });
