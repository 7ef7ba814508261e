// Extraction: crawled Markdown → an OpenAPI 3.1 description through a job, which fails with the spec's message when nothing is API-like.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { specContentKey } from "../../../worker/crawl/keys";
import { call, signedIn } from "../helpers";
import { crawlAndExtract, endpointsOf, parametersOf } from "./helpers";
import expected from "../../fixtures/docs-reference/expected.json";

const site = () => `${inject("fixtureOrigin")}/docs-reference`;
let user: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  user = await signedIn();
});

describe("extraction", () => {
  it("turns the one-page-per-endpoint reference into a valid OpenAPI 3.1 description", async () => {
    const { job, document } = await crawlAndExtract(user.cookie, `${site()}/index.html`);
    expect(job).toMatchObject({ status: "completed", error: null });
    expect(document).toMatchObject({
      openapi: "3.1.0",
      info: { title: "Acme Notes API" },
      servers: [{ url: "https://api.acme-notes.example/v1" }],
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
    });
    expect(new Set(endpointsOf(document))).toEqual(new Set(expected.endpoints));
    expect(new Set(parametersOf(document))).toEqual(new Set(expected.parameters));
    const create = (document.paths as any)["/notes"].post;
    expect(create.operationId).toBe("createANote");
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["title"]);
    expect(
      (document.paths as any)["/notes/{note_id}"].get.responses["200"].content["application/json"].schema.properties.created_at,
    ).toEqual({
      type: "string",
      format: "date-time",
    });
  });

  it("ends the job failed with the spec's message when the pages document no endpoints", async () => {
    const { job } = await crawlAndExtract(user.cookie, `${site()}/index.html`, [`${site()}/index.html`, `${site()}/authentication.html`]);
    expect(job).toEqual({
      status: "failed",
      specId: null,
      error:
        "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.",
      skippedPages: [],
    });
  });

  it("keeps jobs to their organization", async () => {
    const { jobId } = await crawlAndExtract(user.cookie, `${site()}/index.html`, [`${site()}/get-note.html`]);
    const other = await signedIn();
    expect((await call(`/api/crawl/extract/job/${jobId}`, { cookie: other.cookie })).status).toBe(404);
    expect(await env.KV.get(specContentKey("nope"))).toBeNull();
  });
});
