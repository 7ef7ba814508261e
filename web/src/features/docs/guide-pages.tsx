// Guides: getting started, connecting clients, and authentication with static parameters.
import apiQuickstart from "../../../../docs/examples/api-quickstart.sh?raw";
import authManaged from "../../../../docs/examples/auth-managed.json?raw";
import authPassthrough from "../../../../docs/examples/auth-passthrough.json?raw";
import desktopJson from "../../../../docs/examples/claude-desktop.json?raw";
import desktopPassthroughJson from "../../../../docs/examples/claude-desktop-passthrough.json?raw";
import cursorJson from "../../../../docs/examples/cursor-mcp.json?raw";
import mcpClient from "../../../../docs/examples/mcp-client.mjs?raw";
import { ConnectByUrl } from "../deploy/connect-by-url";
import { CodeBlock } from "./code-block";
import { C, DocLink, H1, H2, Lead, Ol, P, Ul } from "./prose";

export function GettingStartedPage() {
  return (
    <>
      <H1>Getting started</H1>
      <Lead>From an API to a hosted MCP server in four steps: add it, configure authentication, choose tools, deploy.</Lead>
      <H2>1. Add a server</H2>
      <P>On the Servers page, press Add Server and choose how Toolport learns about your API:</P>
      <Ul>
        <li>
          <strong>OpenAPI Spec from a URL</strong>: the address of an OpenAPI 3.x or Swagger 2.0 description. Toolport fetches it from its
          servers.
        </li>
        <li>
          <strong>OpenAPI Spec from a file</strong>: upload a <C>.json</C>, <C>.yaml</C> or <C>.yml</C> description.
        </li>
        <li>
          <strong>Crawl Documentation</strong>: give the documentation site's URL, pick the pages, and Toolport crawls them and generates an
          OpenAPI specification from them. See <DocLink page="re-crawls">automated re-crawls</DocLink> to keep it current.
        </li>
      </Ul>
      <P>Every operation becomes a tool with a name the model can call and an input schema of its parameters and body.</P>
      <H2>2. Configure authentication</H2>
      <P>
        Toolport detects how the API authenticates (bearer token, API key, basic, OAuth2) and which parameters identify your account. Choose{" "}
        <DocLink page="authentication">managed or passthrough</DocLink> authentication, set static parameters, and assign an access token.
      </P>
      <H2>3. Choose tools</H2>
      <P>
        Turn tools on or off one by one or all at once; your plan sets how many may be active per server (see{" "}
        <DocLink page="plans">plans and limits</DocLink>).
      </P>
      <H2>4. Deploy</H2>
      <P>
        Press Deploy. Toolport generates the server, runs it at the edge and shows its MCP URL,{" "}
        <C>https://your-toolport/s/your-server/mcp</C>, with a configuration to paste into your client (see{" "}
        <DocLink page="connecting-clients">connecting clients</DocLink>). Redeploy after changes: it regenerates from the latest tools and
        configuration.
      </P>
      <H2>The same with the API</H2>
      <P>
        Everything the portal does goes through <DocLink page="api-reference">Toolport's API</DocLink>. This script signs in, adds a server
        from a URL, lists its tools and creates an access token:
      </P>
      <CodeBlock title="api-quickstart.sh" code={apiQuickstart} />
    </>
  );
}

export function ClientsPage() {
  return (
    <>
      <H1>Connecting clients</H1>
      <Lead>
        A deployed server speaks MCP over Streamable HTTP at its MCP URL. Clients sign in with OAuth, or send an access token in the
        Authorization header.
      </Lead>
      <H2>By URL alone: Claude, ChatGPT, VS Code, Cursor</H2>
      <P>
        Clients that support MCP sign-in need only the server's MCP URL (shown in the Deploy dialog). They find Toolport from the server's
        answer, register themselves, and open Toolport in the browser, where you sign in and approve; the app then appears under Access
        Tokens → Connected apps, where you can revoke it. Members of the server's organization may approve; with{" "}
        <strong>Require Toolport login</strong>, any signed-in Toolport user.
      </P>
      <div className="my-4 rounded-lg border bg-background p-4">
        <ConnectByUrl serverName="petstore" mcpUrl="https://toolport.example.com/s/petstore/mcp" />
      </div>
      <H2>Access tokens</H2>
      <P>
        Generate a token on the Access Tokens page and assign it to the servers it may call. The token is shown once; Toolport keeps only
        its hash. Send it as <C>Authorization: Bearer tp_…</C> on every request. A server exposed to the public needs no token.
      </P>
      <H2>Claude Desktop and other desktop clients</H2>
      <P>
        Desktop clients start the <C>mcp-remote</C> bridge, which forwards to the MCP URL with your token. The Deploy dialog shows this
        configuration for your server; paste it into the client's configuration file and put your token in <C>AUTH_HEADER</C>:
      </P>
      <CodeBlock title="claude_desktop_config.json" code={desktopJson} />
      <P>For a server with passthrough authentication, the bridge also sends your own API credential:</P>
      <CodeBlock title="claude_desktop_config.json (passthrough)" code={desktopPassthroughJson} />
      <H2>Cursor</H2>
      <P>
        Cursor connects to Streamable HTTP servers directly. Add the server to <C>~/.cursor/mcp.json</C> (or the project's{" "}
        <C>.cursor/mcp.json</C>):
      </P>
      <CodeBlock title=".cursor/mcp.json" code={cursorJson} />
      <H2>The MCP Inspector</H2>
      <Ol>
        <li>
          Start the inspector with <C>npx @modelcontextprotocol/inspector</C> and open the address it prints.
        </li>
        <li>
          Choose the transport type <strong>Streamable HTTP</strong> and enter the server's MCP URL.
        </li>
        <li>
          Under Authentication, set the header <C>Authorization</C> to <C>Bearer</C> followed by your access token, then Connect and list
          the tools.
        </li>
      </Ol>
      <H2>Any Streamable HTTP client</H2>
      <P>With the official MCP TypeScript SDK:</P>
      <CodeBlock title="mcp-client.mjs" code={mcpClient} />
    </>
  );
}

export function AuthPage() {
  return (
    <>
      <H1>Authentication</H1>
      <Lead>Two questions: who may call your MCP server, and how the server authenticates to your API.</Lead>
      <H2>Managed authentication</H2>
      <P>
        Toolport keeps your API's credentials (a bearer token, an API key, a username and password, or OAuth2 client credentials),
        encrypted, and adds them to every upstream call. Callers never see them: they present a Toolport access token, and at least one must
        be assigned to the server unless it is exposed to the public. Use it to share one API account with your team or your agents.
      </P>
      <CodeBlock title="POST /api/servers/{id}/auth-config (managed)" code={authManaged} />
      <H2>Passthrough authentication</H2>
      <P>
        Toolport stores no API credential. Each caller sends their own in the <C>X-Upstream-Authorization</C> header (or{" "}
        <C>X-Upstream-Api-Key</C> for API keys) and Toolport forwards it. Use it when every user has their own account with the API.
      </P>
      <CodeBlock title="POST /api/servers/{id}/auth-config (passthrough)" code={authPassthrough} />
      <H2>Static parameters</H2>
      <P>
        Some parameters are the same on every call, such as an account or workspace id. Toolport detects them; make them static and give
        their values (<C>authContextValues</C> above): they are removed from the tools' input schemas, so the model never sees or guesses
        them, and added to every call. Every static parameter needs a value. Make one dynamic again to let the model choose it.
      </P>
      <H2>Who may call the server</H2>
      <Ul>
        <li>
          <strong>Access token</strong> (default): holders of an active, unexpired token assigned to the server.
        </li>
        <li>
          <strong>Toolport login</strong>: callers must be signed-in Toolport users.
        </li>
        <li>
          <strong>Public</strong>: anyone with the URL; use only for APIs that are public themselves.
        </li>
      </Ul>
    </>
  );
}
