// What a metadata-document client_id can make the portal fetch, signed out: fetches limited per client
// address and per metadata host, a failed document remembered for a while, and an answer that says only
// that the document could not be used. Each test's documents sit on a *.localhost name of their own,
// which the outbound service sends to the local fixture server, which counts the requests.
import { describe, expect, inject, it } from "vitest";
import { anyAddress, authorize, tokenRequest } from "./setup";

/** The limits wrangler.toml sets (OAUTH_CIMD_ADDRESS_LIMITER, OAUTH_CIMD_HOST_LIMITER), per one-minute window. */
const PER_ADDRESS = 10;
const PER_HOST = 30;
const UNUSABLE = "The client's metadata document could not be used";

const port = () => new URL(inject("fixtureOrigin")).port;
const newHost = () => `cimd-${crypto.randomUUID().slice(0, 8)}.localhost:${port()}`;
/** A metadata URL on `host` that the fixture server answers 404. */
const missingDocument = (host: string) => `http://${host}/_pages/missing-${crypto.randomUUID()}.json`;
/** How many requests the fixture server saw for `host`. */
const fetchesOf = async (host: string) =>
  ((await (await fetch(`${inject("fixtureOrigin")}/_requests?host=${host}`)).json()) as unknown[]).length;

/** The rate limiters count in wall-clock minutes: a burst that spans a new minute may use one more window. */
async function burst<T>(run: () => Promise<T>) {
  const start = Math.floor(Date.now() / 60_000);
  const result = await run();
  return { result, windows: Math.floor(Date.now() / 60_000) - start + 1 };
}

describe("metadata-document fetch limits", { timeout: 30_000 }, () => {
  it("fetches a failing document once for many requests, and answers without the remote status or body", async () => {
    const host = newHost();
    const clientId = `http://${host}/_status/500`;
    for (let i = 0; i < 10; i++) {
      const res = await authorize({ clientId, slug: "any" });
      expect(res.status).toBe(400);
      const page = (await res.text()).replaceAll("&#39;", "'");
      expect(page).toContain(UNUSABLE);
      expect(page).not.toContain("500");
      expect(page).not.toContain("upstream error");
    }
    const token = await tokenRequest({
      grant_type: "authorization_code",
      code: "u:g:c",
      client_id: clientId,
      code_verifier: "v".repeat(43),
      redirect_uri: "http://127.0.0.1:9/cb",
    });
    expect(token.status).toBe(401);
    expect(await token.json()).toEqual({ error: "invalid_client", error_description: UNUSABLE });
    expect(await fetchesOf(host)).toBe(1);
  });

  it("limits the documents one client address makes the portal fetch", async () => {
    const host = newHost();
    const address = anyAddress();
    const { result: statuses, windows } = await burst(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 2 * PER_ADDRESS + 5; i++)
        seen.push((await authorize({ clientId: missingDocument(host), slug: "any", address })).status);
      return seen;
    });
    const fetched = await fetchesOf(host);
    expect(fetched).toBeLessThanOrEqual(PER_ADDRESS * windows);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - fetched);
    // The host itself still has room: another address gets its document fetched.
    expect((await authorize({ clientId: missingDocument(host), slug: "any" })).status).toBe(400);
    expect(await fetchesOf(host)).toBe(fetched + 1);
  });

  it("limits the documents fetched from one metadata host, whatever the client addresses", async () => {
    const host = newHost();
    const { result, windows } = await burst(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 2 * PER_HOST + 5; i++) seen.push((await authorize({ clientId: missingDocument(host), slug: "any" })).status);
      const form = {
        grant_type: "authorization_code",
        code: "u:g:c",
        client_id: missingDocument(host),
        code_verifier: "v".repeat(43),
        redirect_uri: "http://127.0.0.1:9/cb",
      };
      const token = await tokenRequest(form);
      return { seen: [...seen, token.status], token: (await token.json()) as { error: string } };
    });
    const fetched = await fetchesOf(host);
    expect(fetched).toBeLessThanOrEqual(PER_HOST * windows);
    expect(result.seen.filter((s) => s === 429)).toHaveLength(result.seen.length - fetched);
    // The token endpoint is held back by the same limit (unless a new minute began just before it).
    if (windows === 1) expect(result.token).toMatchObject({ error: "temporarily_unavailable" });
    // Another host is not held back by this one.
    const other = newHost();
    expect((await authorize({ clientId: missingDocument(other), slug: "any" })).status).toBe(400);
    expect(await fetchesOf(other)).toBe(1);
  });
});
