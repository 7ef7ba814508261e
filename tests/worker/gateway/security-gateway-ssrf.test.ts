// The SSRF check on every IPv6 form that carries an IPv4 address (mapped, translated, compatible,
// NAT64, 6to4, hex and dotted tails) and on the special IPv6 ranges, as a URL's host reaches it; and
// generated servers' egress refusals: what differs is named, and every redirect hop is checked.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { isInternalHost } from "../../../worker/lib/internal-host";
import { isLocalDev } from "../../../worker/env";
import { checkPublicUrl } from "../../../worker/lib/safe-fetch";
import { guardedFetch } from "../../../worker/runtime/egress";
import { saveAuthConfig } from "../../../worker/servers/auth-config";
import { bearer, connectV2, createOrg, createServer, createToken, db, deploy, echoTool, textOf } from "../mcp-setup";

const upstream = () => inject("upstreamOrigin");

const production = { ENVIRONMENT: "production" } as const;
const hostOf = (url: string) => new URL(url).hostname;

const INTERNAL = [
  "http://[::ffff:0:127.0.0.1]/", // IPv4-translated (RFC 6145), dotted
  "http://[::ffff:0:7f00:1]/", // … and hex
  "http://[::ffff:0:169.254.169.254]/",
  "http://[::ffff:0:10.0.0.1]/",
  "http://[::ffff:127.0.0.1]/", // IPv4-mapped, dotted
  "http://[::ffff:7f00:1]/", // … and hex
  "http://[::ffff:a9fe:a9fe]/",
  "http://[0:0:0:0:0:ffff:c0a8:0101]/",
  "http://[::127.0.0.1]/", // IPv4-compatible
  "http://[::a00:1]/",
  "http://[64:ff9b::127.0.0.1]/", // NAT64 well-known prefix
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[64:ff9b:1::8.8.8.8]/", // local-use NAT64 (RFC 8215)
  "http://[2002:7f00:1::1]/", // 6to4 of 127.0.0.1
  "http://[2002:c0a8:101::]/",
  "http://[100::1]/", // discard prefix 100::/64
  "http://[100::ffff:ffff:ffff:ffff]/",
  "http://[2001::1]/", // Teredo
  "http://[2001:db8::1]/", // documentation
  "http://[fe80::1]/",
  "http://[fc00::1]/",
  "http://[fec0::1]/",
  "http://[ff02::1]/",
  "http://[::]/",
  "http://[::1]/",
  "http://100.64.0.1/",
  "http://198.18.0.1/",
  "http://0.0.0.0/",
  "http://255.255.255.255/",
  "http://2130706433/",
];
const PUBLIC = [
  "http://8.8.8.8/",
  "http://[::ffff:8.8.8.8]/",
  "http://[::ffff:0:8.8.8.8]/",
  "http://[64:ff9b::8.8.8.8]/",
  "http://[2002:808:808::1]/",
  "http://[2606:4700:4700::1111]/",
  "http://[100:0:0:1::1]/", // outside 100::/64
  "https://api.example.com/",
];

describe("the SSRF check", () => {
  it("refuses every IPv4-carrying IPv6 form of an internal address and the special IPv6 ranges", () => {
    const missed = INTERNAL.filter((url) => !isInternalHost(hostOf(url)));
    expect(missed).toEqual([]);
    for (const url of INTERNAL) expect(() => checkPublicUrl(url, production), url).toThrow(/internal address/);
  });

  it("allows public addresses, also when they are carried in an IPv6 form", () => {
    expect(PUBLIC.filter((url) => isInternalHost(hostOf(url)))).toEqual([]);
    for (const url of PUBLIC) expect(checkPublicUrl(url, production).href).toBe(new URL(url).href);
  });
});

describe("generated servers' egress refusals", () => {
  const guard = (allowedHosts: string[], environment: { ENVIRONMENT: string }) => ({
    fetch: (request: Request) => guardedFetch(request, { allowedHosts, localDev: isLocalDev(environment) }),
  });
  const refusal = async (res: Response) => [res.status, await res.text()];

  it("says what differs when the host is the API's own", async () => {
    const api = new URL(upstream());
    expect(await refusal(await guard([api.host], production).fetch(new Request(`${api.origin}/text`)))).toEqual([
      403,
      `Outbound request refused: ${api.hostname} is an internal address, which deployed MCP servers may not call`,
    ]);
    expect(await refusal(await guard(["api.example.com"], production).fetch(new Request("https://api.example.com:8443/v1")))).toEqual([
      403,
      "Outbound request refused: this MCP server may call api.example.com only on api.example.com, not on port 8443 (https)",
    ]);
  });

  it("checks every redirect hop, and names the hop it refuses", async () => {
    const api = new URL(upstream());
    const elsewhere = `http://localhost:${api.port}/text`;
    const res = await guard([api.host], env).fetch(new Request(`${api.origin}/redirect?to=${encodeURIComponent(elsewhere)}`));
    expect(await refusal(res)).toEqual([
      403,
      `Outbound request refused: the API redirected to http://localhost:${api.port}/text, and this MCP server may only call ${api.host}, not localhost:${api.port}`,
    ]);
    // A redirect within the API's host is followed.
    const within = await guard([api.host], env).fetch(new Request(`${api.origin}/redirect?to=/text`));
    expect([within.status, await within.text()]).toEqual([200, "plain hello"]);
  });

  it("refuses a redirect away from the API in a deployed server's tool call", async () => {
    const org = await createOrg();
    const follow = echoTool(
      "follow",
      { path: "/redirect", parameters: [{ arg: "to", in: "query", name: "to", required: true }] },
      { to: { type: "string" } },
      ["to"],
    );
    const server = await createServer(org, [follow]);
    const { token } = await createToken(org, [server.id]);
    await deploy(server.id);
    const client = await connectV2(server.slug, bearer(token));
    const port = new URL(upstream()).port;
    const away = await client.callTool({ name: "follow", arguments: { to: `http://localhost:${port}/text` } });
    expect(away.isError).toBe(true);
    expect(textOf(away)).toContain(`Outbound request refused: the API redirected to http://localhost:${port}/text`);
    expect(textOf(await client.callTool({ name: "follow", arguments: { to: "/text" } }))).toBe("plain hello");
    await client.close();
  });
});

describe("an OAuth2 token URL", () => {
  const save = async (tokenUrl: string, environment: { ENVIRONMENT: string }) => {
    const org = await createOrg();
    const server = await createServer(org, []);
    const input = {
      authType: "oauthClientCreds" as const,
      authStrategy: "managed" as const,
      exposeToPublic: true,
      oauth2: { tokenUrl },
      secrets: { clientId: "id", clientSecret: "secret" },
    };
    return saveAuthConfig(db, env.SECRETS_KEY, org, server.id, input, environment);
  };

  it("is refused at save time when it points at an internal host, outside development", async () => {
    for (const tokenUrl of [
      `${upstream()}/oauth/token`,
      "http://169.254.169.254/token",
      "https://[::ffff:0:10.0.0.1]/token",
      "http://localhost:9000/token",
    ]) {
      await expect(save(tokenUrl, production), tokenUrl).rejects.toThrow(
        /The OAuth2 token URL points at an internal address \(.+\), which deployed MCP servers may not call/,
      );
    }
    await expect(save("ftp://auth.example.com/token", production)).rejects.toThrow("The OAuth2 token URL must be an http or https URL");
    expect((await save("https://auth.example.com/oauth/token", production)).settings).toMatchObject({
      oauth2: { tokenUrl: "https://auth.example.com/oauth/token" },
    });
  });

  it("may be a local address in development", async () => {
    expect((await save(`${upstream()}/oauth/token`, env)).settings).toMatchObject({ oauth2: { tokenUrl: `${upstream()}/oauth/token` } });
  });
});
