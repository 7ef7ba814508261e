// Adding a server to Claude, ChatGPT, VS Code and Cursor by its URL alone: each signs in with OAuth
// (Toolport's consent page) instead of a pasted token. Shared by the deploy dialog and the docs.
import { Button } from "@/components/ui/button";
import { CopyButton } from "./copy-buttons";

/** VS Code's command line: `code --add-mcp` with an http server entry. */
export const vscodeCommand = (name: string, url: string) => `code --add-mcp '${JSON.stringify({ name, type: "http", url })}'`;
/** Cursor's install link: the server's config (just the URL), base64 in the deeplink. */
export const cursorInstallLink = (name: string, url: string) =>
  `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(btoa(JSON.stringify({ url })))}`;

const STEPS: { client: string; steps: string }[] = [
  {
    client: "Claude (web and desktop)",
    steps: "Settings → Connectors → Add custom connector: give it a name, paste the MCP URL, Add, then Connect and approve on Toolport.",
  },
  {
    client: "ChatGPT",
    steps:
      "Settings → Connectors → Advanced → turn on Developer mode; then Create: name, paste the MCP URL, authentication OAuth, Create, and approve on Toolport.",
  },
  {
    client: "VS Code",
    steps: "Command Palette → MCP: Add Server… → HTTP → paste the MCP URL (or run the command below); VS Code opens Toolport to sign in.",
  },
  {
    client: "Cursor",
    steps:
      "Use the install link below (or add the URL under mcpServers in .cursor/mcp.json); Cursor shows “Needs login”: click it and approve on Toolport.",
  },
];

export function ConnectByUrl({ serverName, mcpUrl }: { serverName: string; mcpUrl: string }) {
  const name = serverName.trim() || "toolport";
  const command = vscodeCommand(name, mcpUrl);
  return (
    <section className="space-y-2" aria-labelledby="connect-by-url">
      <h3 id="connect-by-url" className="text-sm font-medium">
        Connect by URL (sign in with OAuth)
      </h3>
      <p className="text-xs text-muted-foreground">
        These clients need only the MCP URL: they open Toolport, where you sign in and approve. Static tokens keep working too.
      </p>
      <ul className="space-y-1.5 text-sm">
        {STEPS.map(({ client, steps }) => (
          <li key={client}>
            <span className="font-medium">{client}:</span> <span className="text-muted-foreground">{steps}</span>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <code aria-label="VS Code command" className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1.5 text-xs break-all">
          {command}
        </code>
        <CopyButton text={command} what="VS Code command" />
      </div>
      <Button asChild variant="outline" size="sm">
        <a href={cursorInstallLink(name, mcpUrl)}>Add to Cursor</a>
      </Button>
    </section>
  );
}
