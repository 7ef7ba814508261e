// Root info of a deployed server at /s/{slug}: JSON for clients, an escaped HTML page for browsers.
import type { Bindings } from "../env";
import { loadStoredDeployment, toolTableOf } from "../hosting/store";
import { authSettingsOf } from "../deploy/generate";
import type { GatewayServer } from "../servers/read-model";
import { PASSTHROUGH_API_KEY_HEADER, PASSTHROUGH_AUTHORIZATION_HEADER } from "../runtime/types";

/** The root info answer of a server. */
export async function rootInfo(env: Bindings, found: GatewayServer, rootUrl: string) {
  const { server, auth } = found;
  const isPublic = Boolean(auth?.exposeToPublic);
  const stored = server.activeDeploymentId ? await loadStoredDeployment(env, server.activeDeploymentId) : null;
  const deployed = stored?.packed;
  // Only a public server lists its tools here.
  const table = isPublic && stored ? await toolTableOf(env, server.activeDeploymentId!, stored) : null;
  const upstream = authSettingsOf(auth);
  return {
    name: deployed?.name ?? server.name,
    description: deployed?.description ?? server.description ?? "",
    version: deployed?.version ?? server.version,
    status: server.status,
    deployed: Boolean(stored),
    deploymentId: server.activeDeploymentId,
    toolCount: deployed?.toolNames.length ?? 0,
    ...(table
      ? { tools: Array.from({ length: table.count }, (_, i) => table.at(i)).map((t) => ({ name: t.name, description: t.description })) }
      : {}),
    rootUrl,
    mcpUrl: `${rootUrl}/mcp`,
    transport: "streamable-http",
    auth: {
      mode: isPublic ? "public" : "access_token",
      ...(isPublic ? {} : { header: "Authorization: Bearer <Toolport access token>" }),
      upstream: {
        type: upstream.type,
        strategy: upstream.strategy,
        ...(upstream.type !== "none" && upstream.strategy === "passthrough"
          ? {
              header:
                upstream.type === "apiKey"
                  ? `${PASSTHROUGH_API_KEY_HEADER}: <API key>`
                  : `${PASSTHROUGH_AUTHORIZATION_HEADER}: <scheme> <API credential>`,
            }
          : {}),
      },
    },
  };
}

export type RootInfo = Awaited<ReturnType<typeof rootInfo>>;

const escapeHtml = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The same information as a small HTML page; every text is escaped. */
export function rootInfoHtml(info: RootInfo): string {
  const rows: [string, unknown][] = [
    ["Version", info.version],
    ["Status", info.status === "hibernated" ? "Paused" : info.status],
    ["Tools", info.toolCount],
    ["MCP endpoint", info.mcpUrl],
    ["Transport", "Streamable HTTP"],
    ["Access", info.auth.mode === "public" ? "Public" : info.auth.header],
    ["Upstream auth", `${info.auth.upstream.type} (${info.auth.upstream.strategy})`],
  ];
  const tools =
    "tools" in info && info.tools
      ? `<h2>Tools</h2><ul>${info.tools.map((t) => `<li><code>${escapeHtml(t.name)}</code> ${escapeHtml(t.description)}</li>`).join("")}</ul>`
      : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(info.name)} · MCP server</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#1f2937}th{text-align:left;padding-right:1rem;color:#6b7280;font-weight:500}code{background:#f3f4f6;padding:0 .25rem;border-radius:4px}</style></head>
<body><h1>${escapeHtml(info.name)}</h1><p>${escapeHtml(info.description)}</p><table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${k === "MCP endpoint" ? `<code>${escapeHtml(v)}</code>` : escapeHtml(v)}</td></tr>`).join("")}</table>${tools}
<p><small>Served by Toolport.</small></p></body></html>`;
}
