// Runs the official MCP conformance suite (npx @modelcontextprotocol/conformance) against a deployed
// public Toolport server. With a URL it tests that server (e.g. one under `npm run dev`); without one
// it starts a throw-away local portal, imports and deploys a public server there through the API,
// tests it, and stops.
//   node scripts/conformance.mjs [http://localhost:8787/s/<slug>/mcp]
// The suite's authorization scenarios (auth/*, 0.1.16) are all client scenarios: they test an MCP
// client against the suite's own authorization server, and none tests a server. So, on the local
// portal, a members-only server is also checked for what those scenarios expect a server to answer
// (the 401 challenge, RFC 9728 and RFC 8414 metadata, registration) — see checkOAuthDiscovery.
import { deployFixture, withLocalPortal } from "./local-portal.mjs";
import { runCommand } from "./spawn.mjs";

const SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];
const CONFORMANCE = "@modelcontextprotocol/conformance@0.1.16";

async function runConformance(url) {
  let failed = 0;
  for (const scenario of SCENARIOS) {
    console.log(`\n── ${scenario} ──`);
    // Not spawnSync: a blocked event loop leaves the portal's idle connections to go stale unseen.
    const { code } = await runCommand("npx", ["-y", CONFORMANCE, "server", "--url", url, "--scenario", scenario]);
    if (code !== 0) failed++;
  }
  console.log(
    failed === 0
      ? `\nAll ${SCENARIOS.length} scenarios passed against ${url}`
      : `\n${failed} of ${SCENARIOS.length} scenarios failed against ${url}`,
  );
  return failed === 0;
}

/** The server side of the suite's auth/metadata-default and auth/token-endpoint-auth-none scenarios. */
async function checkOAuthDiscovery(mcpUrl) {
  console.log(`\n── OAuth discovery (server side of auth/metadata-default) ──`);
  const problems = [];
  const check = (ok, what) => (ok ? console.log(`  ✓ ${what}`) : problems.push(what) && console.log(`  ✗ ${what}`));
  const challenge = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  const header = challenge.headers.get("www-authenticate") ?? "";
  check(challenge.status === 401, "an unauthenticated request answers 401");
  const metadataUrl = header.match(/resource_metadata="([^"]+)"/)?.[1];
  check(Boolean(metadataUrl), "WWW-Authenticate names resource_metadata");
  const resource = metadataUrl ? await (await fetch(metadataUrl)).json() : {};
  check(resource.resource === mcpUrl, "RFC 9728 metadata names the endpoint as its resource");
  const issuer = resource.authorization_servers?.[0];
  const server = issuer ? await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json() : {};
  check(server.issuer === issuer, "RFC 8414 metadata at the authorization server's well-known path");
  check(JSON.stringify(server.code_challenge_methods_supported) === '["S256"]', "PKCE S256 only");
  check(server.client_id_metadata_document_supported === true, "Client ID Metadata Documents supported");
  const registered = await fetch(server.registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ redirect_uris: ["http://127.0.0.1:3333/callback"], token_endpoint_auth_method: "none" }),
  });
  check(registered.status === 201, "Dynamic Client Registration of a public client");
  return problems.length === 0;
}

/** Deploys the petstore fixture as a public server on a throw-away local portal and tests it. */
const withLocalServer = () =>
  withLocalPortal(async (origin) => {
    const suite = await runConformance((await deployFixture(origin, { exposeToPublic: true })).mcpUrl);
    const oauth = await checkOAuthDiscovery((await deployFixture(origin)).mcpUrl);
    return suite && oauth;
  });

const url = process.argv[2];
const ok = url ? await runConformance(url) : await withLocalServer();
process.exit(ok ? 0 : 1);
