// POST /api/servers refuses what it cannot import, with a clear message, and stores nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_BYTES } from "../../../worker/openapi/parse";
import { fetchDescription } from "../../../worker/servers/source";
import { call, signedIn } from "../helpers";
import { failureOf, fixtureText, fixtureUrl } from "../openapi/helpers";
import { importUrl, json, uploadDescription } from "./helpers";

async function expectRefused(res: Response, status: number, error: string | RegExp, cookie: string) {
  expect(res.status).toBe(status);
  const body = await json(res);
  expect(body.success).toBe(false);
  if (typeof error === "string") expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
  // Nothing was stored: no server, and (for a fresh user) no kept description.
  expect((await json(await call("/api/servers", { cookie }))).data).toEqual([]);
}

describe("refusals", () => {
  it("refuses a document that is not an API description", async () => {
    const { cookie } = await signedIn();
    const res = await uploadDescription(cookie, "x.json", await fixtureText("not-openapi.json"));
    await expectRefused(
      res,
      400,
      "The document is not an OpenAPI or Swagger description: it has no 'openapi' or 'swagger' version field",
      cookie,
    );
    const html = await uploadDescription(cookie, "page.yaml", "<!DOCTYPE html><html><body>Docs</body></html>");
    await expectRefused(html, 400, "The document is not an OpenAPI or Swagger description: it looks like HTML or XML", cookie);
  });

  it("refuses an unsupported version", async () => {
    const { cookie } = await signedIn();
    const res = await uploadDescription(cookie, "old.yaml", await fixtureText("unsupported-version.yaml"));
    await expectRefused(res, 400, "Unsupported Swagger version 1.2: Toolport imports Swagger 2.0 and OpenAPI 3.0 and 3.1", cookie);
    const four = await uploadDescription(cookie, "four.json", JSON.stringify({ openapi: "4.0.0", info: {}, paths: {} }));
    await expectRefused(four, 400, "Unsupported OpenAPI version 4.0.0: Toolport imports Swagger 2.0 and OpenAPI 3.0 and 3.1", cookie);
  });

  it("refuses invalid YAML and invalid JSON, naming the line", async () => {
    const { cookie } = await signedIn();
    const yaml = await uploadDescription(cookie, "invalid.yaml", await fixtureText("invalid.yaml"));
    await expectRefused(
      yaml,
      400,
      "Invalid YAML at line 5, column 1 in invalid.yaml: All mapping items must start at the same column",
      cookie,
    );
    const jsonRes = await uploadDescription(cookie, "invalid.json", await fixtureText("invalid.json"));
    await expectRefused(jsonRes, 400, /^Invalid JSON at line 4, column \d+ in invalid\.json: /, cookie);
  });

  it("refuses a YAML alias bomb", async () => {
    const { cookie } = await signedIn();
    const res = await uploadDescription(cookie, "bomb.yaml", await fixtureText("alias-bomb.yaml"));
    await expectRefused(
      res,
      400,
      'The YAML in bomb.yaml expands too many aliases (a possible "billion laughs" alias bomb) and was refused',
      cookie,
    );
  });

  it("refuses a description over the size cap with 413", async () => {
    const { cookie } = await signedIn();
    const huge = `{"openapi":"3.0.0","info":{"title":"Huge","version":"1"},"paths":{},"x-pad":"${"x".repeat(MAX_DESCRIPTION_BYTES)}"}`;
    const res = await uploadDescription(cookie, "huge.json", huge);
    await expectRefused(res, 413, /^The description is larger than the 20 MB limit$|^The description is larger than/, cookie);
  });

  it("refuses other file types and a request with neither file nor URL", async () => {
    const { cookie } = await signedIn();
    const txt = await uploadDescription(cookie, "spec.txt", "openapi: 3.0.0");
    await expectRefused(txt, 400, 'Unsupported file type "spec.txt": upload a .json, .yaml or .yml file', cookie);
    const empty = await call("/api/servers", { method: "POST", body: new FormData(), cookie });
    await expectRefused(empty, 400, "Provide an OpenAPI description: upload a .json, .yaml or .yml file or give its URL", cookie);
  });

  it("refuses a URL that is not reachable", async () => {
    const { cookie } = await signedIn();
    const missing = await importUrl(cookie, fixtureUrl("nothing-here.yaml"));
    await expectRefused(missing, 502, `URL not reachable: ${fixtureUrl("nothing-here.yaml")} answered HTTP 404`, cookie);
    const closed = await importUrl(cookie, "http://127.0.0.1:9/openapi.json");
    await expectRefused(closed, 502, /^URL not reachable: http:\/\/127\.0\.0\.1:9\/openapi\.json/, cookie);
  });

  it("refuses a URL pointing at an internal address outside local development", async () => {
    const failure = await failureOf(fetchDescription("http://169.254.169.254/latest/meta-data", { ENVIRONMENT: "production" }));
    expect(failure).toEqual({
      status: 400,
      message: "The URL points at an internal address (169.254.169.254), which Toolport does not fetch",
    });
    const local = await failureOf(fetchDescription(fixtureUrl("petstore-2.0.json"), { ENVIRONMENT: "production" }));
    expect(local).toEqual({ status: 400, message: "The URL points at an internal address (127.0.0.1), which Toolport does not fetch" });
  });

  it("keeps no description in KV for a refused import", async () => {
    const before = (await env.KV.list({ prefix: "spec:" })).keys.length;
    const { cookie } = await signedIn();
    await uploadDescription(cookie, "x.json", await fixtureText("not-openapi.json"));
    expect((await env.KV.list({ prefix: "spec:" })).keys.length).toBe(before);
  });
});
