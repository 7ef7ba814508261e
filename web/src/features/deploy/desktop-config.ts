// The desktop-client configuration of a deployed server (Claude Desktop, Cursor, Windsurf): the
// `mcp-remote` bridge run by npx, the MCP URL, and env placeholders for the credentials it sends.

export type DesktopConfigInput = {
  serverName: string;
  mcpUrl: string;
  /** A server exposed to the public needs no Toolport access token. */
  isPublic?: boolean;
  /** Upstream auth type of a passthrough server: the caller's own API credential is forwarded. */
  passthroughAuthType?: string | null;
  /** An access token created for the server during this visit: its real value replaces the placeholder. */
  accessToken?: string;
};

type ClientEntry = { command: "npx"; args: string[]; env?: Record<string, string> };
export type DesktopClientConfig = { mcpServers: Record<string, ClientEntry> };

/** Gateway header a passthrough server reads the caller's API credential from (worker/runtime/auth.ts). */
export const UPSTREAM_AUTH_HEADER = "X-Upstream-Authorization";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The server name as a config key: lower-case words joined by dashes. */
export const serverKey = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "mcp-server";

const upstreamPlaceholder = (type: string) =>
  type === "apiKey" ? "<your API key>" : type === "basic" ? "Basic <base64 of username:password>" : "Bearer <your API token>";

/** mcp-remote refuses plain http except on localhost unless told otherwise. */
function needsAllowHttp(url: string) {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === "http:" && !LOCAL_HOSTS.has(hostname);
  } catch {
    return false;
  }
}

/** The `mcpServers` entry for one server. Headers have no space after ':' because some clients split args on spaces. */
export function desktopClientConfig({
  serverName,
  mcpUrl,
  isPublic,
  passthroughAuthType,
  accessToken,
}: DesktopConfigInput): DesktopClientConfig {
  const args = ["-y", "mcp-remote", mcpUrl];
  const env: Record<string, string> = {};
  if (!isPublic) {
    args.push("--header", "Authorization:${AUTH_HEADER}");
    env.AUTH_HEADER = `Bearer ${accessToken ?? "<your Toolport access token>"}`;
  }
  if (passthroughAuthType && passthroughAuthType !== "none") {
    args.push("--header", `${UPSTREAM_AUTH_HEADER}:\${UPSTREAM_AUTH_HEADER}`);
    env.UPSTREAM_AUTH_HEADER = upstreamPlaceholder(passthroughAuthType);
  }
  if (needsAllowHttp(mcpUrl)) args.push("--allow-http");
  const entry: ClientEntry = { command: "npx", args, ...(Object.keys(env).length ? { env } : {}) };
  return { mcpServers: { [serverKey(serverName)]: entry } };
}

/** The same configuration as pretty-printed JSON, ready to paste. */
export const desktopClientJson = (input: DesktopConfigInput) => JSON.stringify(desktopClientConfig(input), null, 2);
