// The API's base comes from what the docs state: a self-hosted product's example host names no server,
// host variables and Sphinx placeholders are read, and a captured
// request to an example host illustrates a definition rather than replacing it.
import { describe, expect, it } from "vitest";
import { extract, extractOpenApi } from "../../worker/crawl/extract/index";
import { isInstanceHost } from "../../worker/crawl/extract/hosts";
import { templateOf } from "../../worker/crawl/extract/routes";
import { endpointsOf } from "./extract-helpers";

const one = (content: string) =>
  extract([{ url: "https://docs.tool.test/api", content }], { sourceUrl: "https://docs.tool.test/api" }).description!;

describe("hosts and bases", () => {
  it("tells an instance's example host from an API's own", () => {
    for (const host of [
      "http://localhost:8384",
      "http://127.0.0.1:9000",
      "https://miniflux.example.org",
      "http://example.com",
      "http://IP_ADDRESS:8123",
      "https://your-server.tld",
      "https://mysite/rest",
      "http://graphite:8080",
      // Addresses on a private network or the machine itself, which no hosted server's request may reach.
      "http://192.168.1.20:8090",
      "http://10.0.0.7/api",
      "http://169.254.10.1",
      "http://[::1]:3000",
      "http://[fd00::12]:8080",
      "http://printer.local",
      "http://0.0.0.0:5000",
    ])
      expect(isInstanceHost(host)).toBe(true);
    for (const host of [
      "https://api.binance.com",
      "https://api.ledger.example",
      "https://plausible.io",
      "https://example.com.au",

      "http://8.8.8.8",
    ])
      expect(isInstanceHost(host)).toBe(false);
  });

  it("names no server for a self-hosted API and keeps the example base's path in front of every path", () => {
    const doc = one(
      "## List buckets\n\n`GET /buckets`\n\n```\n$ curl http://localhost:8888/v1/buckets\n```\n\n## Get a bucket\n\n`GET /v1/buckets/{id}`\n",
    );
    expect(doc.servers).toBeUndefined();
    expect(doc.info).toMatchObject({ "x-toolport-instance-example": "http://localhost:8888/v1" });
    expect(endpointsOf(doc).sort()).toEqual(["GET /v1/buckets", "GET /v1/buckets/{id}"]);
  });

  it("reads a host variable in definitions and curl examples as the user's host", () => {
    expect(one("## Get a collection\n\n`GET ${API_HOST}/collections/:collection`\n")).toMatchObject({
      paths: { "/collections/{collection}": { get: {} } },
    });
    const doc = one('## Add an address\n\n```\ncurl -i -X POST "$PORTAL_API_URL/v1/address" -d \'{"city":"x"}\'\n```\n');
    expect(doc.servers).toBeUndefined();
    expect(endpointsOf(doc)).toEqual(["POST /v1/address"]);
  });

  it("reads Sphinx's (type:name) placeholders, with or without the space Sphinx puts after the colon", () => {
    expect(templateOf("/api/v3/projects/(string: project_slug)/builds/(int:build_id)/")).toBe(
      "/api/v3/projects/{project_slug}/builds/{build_id}",
    );
    expect(endpointsOf(one("- **GET** /projects/(string: slug)/\n  Retrieve a project.\n"))).toEqual(["GET /projects/{slug}"]);
    expect(endpointsOf(one("- **DELETE** /buckets/(bucket_id)\n  Deletes a bucket.\n"))).toEqual(["DELETE /buckets/{bucket_id}"]);
  });

  it("keeps the definition when a captured request to an example host shows the same route with values", () => {
    const doc = one(
      "## Replace a bucket\n\n- **PUT** /buckets/(bucket_id)\n  Creates or replaces a bucket.\n\n```\nPUT /buckets/blog HTTP/1.1\nHost: localhost:8888\nAccept: application/json\n```\n",
    );
    expect(endpointsOf(doc)).toEqual(["PUT /buckets/{bucket_id}"]);
  });
  it("takes the host of the reference's own request lines from their Host header", () => {
    const doc = one(
      "## Project\n\n### GET /pypi/<project>/json\n\n```\nGET /pypi/sampleproject/json HTTP/1.1\nHost: registry.acme.dev\nAccept: application/json\n```\n\n## Files\n\n```\nhost = 'https://files.acme-cdn.net'\ncurl https://files.acme-cdn.net/packages/b1/72/pkg-1.0.tar.gz\n```\n",
    );
    expect(doc.servers).toEqual([{ url: "https://registry.acme.dev" }]);
    expect(endpointsOf(doc)).toEqual(["GET /pypi/{project}/json"]);
  });

  it("folds an example that is an instance of a defined template into that operation", () => {
    const doc = one(
      "## Project page\n\n`GET /simple/{project}/`\n\n## Release file\n\n`GET /integrity/{project}/{version}/{filename}/provenance`\n\n## Examples\n\n```\nGET /simple/beautifulsoup4/ HTTP/1.1\nHost: pypi.org\n```\n\n```\nGET /integrity/sampleproject/4.0.0/sampleproject-4.0.0.tar.gz/provenance HTTP/1.1\nHost: pypi.org\n```\n",
    );
    expect(endpointsOf(doc).sort()).toEqual(["GET /integrity/{project}/{version}/{filename}/provenance", "GET /simple/{project}"]);
  });

  it("gives an operation defined on a second host its own server, and drops an example of another host", () => {
    const doc = one(
      "Base URL: https://api.acme.dev/v3\n\n## Get a thing\n\n`GET https://api.acme.dev/v3/things/<id>`\n\n## Mark done\n\n`POST https://events.acme.dev/<id>/done`\n\n## Embed\n\n```\ncurl https://media.othercdn.net/embed/42.png\n```\n",
    );
    expect(doc.servers).toEqual([{ url: "https://api.acme.dev/v3" }]);
    expect(endpointsOf(doc).sort()).toEqual(["GET /things/{id}", "POST /{id}/done"]);
    expect(doc.paths["/{id}/done"].post.servers).toEqual([{ url: "https://events.acme.dev" }]);
  });
});

describe("a self-hosted API whose examples call a demo instance", () => {
  const page = (answers: string) =>
    [
      "All APIs are under **v1** using request path prefix `/api/v1`.",
      "## List your keys",
      "```\nGET /user/keys\n```",
      "```\n$ curl https://demo.forgebox.dev/api/v1/user/keys\n```",
      answers,
      "## Get a key",
      "```\nGET /user/keys/:id\n```",
    ].join("\n\n");

  it("names no host when the API's own answers show its resources at an instance's address under the examples' prefix", () => {
    const doc = extractOpenApi(
      [
        {
          url: "https://docs.forgebox.dev/keys",
          content: page(
            '```\n[{ "id": 1, "url": "http://localhost:3000/api/v1/user/keys/1" }, { "id": 2, "url": "http://localhost:3000/api/v1/user/keys/2" }]\n```',
          ),
        },
      ],
      {
        sourceUrl: "https://docs.forgebox.dev/",
      },
    )!;
    expect(doc.servers).toBeUndefined();
    expect(endpointsOf(doc).sort()).toEqual(["GET /api/v1/user/keys", "GET /api/v1/user/keys/{id}"]);
  });

  it("keeps the examples' host when no answer shows the API at an instance", () => {
    const doc = extractOpenApi(
      [
        {
          url: "https://docs.forgebox.dev/keys",
          content: page('```\n[{ "id": 1, "url": "https://demo.forgebox.dev/api/v1/user/keys/1" }]\n```'),
        },
      ],
      {
        sourceUrl: "https://docs.forgebox.dev/",
      },
    )!;
    expect(doc.servers).toEqual([{ url: "https://demo.forgebox.dev/api/v1" }]);
  });
});
