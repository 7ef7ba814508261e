// Pages built to defeat a naive parser (a huge table separator, 100k repeated `|-`, deeply nested lists
// and elements, a 2 MB line, unclosed tags and quotes) are read or skipped, never run long or crash.
import { describe, expect, it } from "vitest";
import { extractOpenApi, MAX_PAGE_WORK, readPage } from "../../worker/crawl/extract/index";
import { MAX_MARKDOWN_CHARS, preparePage, titleOf } from "../../worker/crawl/extract/prepare";

const endpoint =
  "\n\n## Get the status\n\n`GET /status`\n\n| Name | Type | Description |\n| --- | --- | --- |\n| verbose | boolean | More detail. |\n";
const routesOf = (content: string) => {
  const found = readPage({ url: "https://docs.example/hostile", content });
  return found.skipped !== undefined
    ? found.skipped
    : found.drafts.map((d) => `${d.method} ${d.rawPath} ${d.params.map((p) => p.name).join(",")}`);
};

describe("hostile pages", () => {
  it("reads Markdown with a huge table separator, 100k `|-` and a 2 MB line, and finds the endpoints around them", () => {
    const hostile = [
      `| a | b |\n| ${"-".repeat(200_000)} | ---- |\n| x | y |`,
      "|-".repeat(100_000),
      `| ${"|-".repeat(50_000)}\n|${" --- |".repeat(20_000)}`,
      "GET /".repeat(100_000),
      `word `.repeat(400_000),
      `${"  ".repeat(5_000)}- deep`,
      Array.from({ length: 3_000 }, (_, i) => `${"  ".repeat(i % 200)}- \`item${i}\` (string): nested`).join("\n"),
    ].join("\n\n");
    const content = preparePage(endpoint + hostile.slice(0, 1_500_000) + endpoint.replace("/status", "/health"), "text/markdown");
    const routes = routesOf(content) as string[];
    expect(routes.filter((r) => r.startsWith("GET /status ") || r.startsWith("GET /health "))).toHaveLength(2);
  });

  it("converts HTML with 3,000 nested lists, 50,000 unclosed tags, an unclosed quote and a 2 MB text run, within its size bound", () => {
    const html = [
      "<html><body><main>",
      "<ul><li>".repeat(3_000) + "deep" + "</li></ul>".repeat(3_000),
      "<div><span>".repeat(50_000),
      `<a class="x ${"a ".repeat(20_000)}`,
      "<p>" + "word ".repeat(400_000) + "</p>",
      "<table><tr><td>" + "|-".repeat(100_000) + "</td></tr></table>",
      "</main></body></html>",
    ].join("");
    const markdown = preparePage(html, "text/html");
    expect(markdown.length).toBeLessThanOrEqual(MAX_MARKDOWN_CHARS);
    expect(markdown).toContain("deep");
    expect(readPage({ url: "https://docs.example/hostile", content: markdown }).url).toBe("https://docs.example/hostile");
  });

  it("finds the endpoint of an HTML page whose hostile part comes first and stays under the size bound", () => {
    const html = `<main>${"<div>".repeat(10_000)}<table><tr><td>${"-".repeat(100_000)}</td></tr></table><h2>Get the status</h2><p><code>GET /status</code></p></main>`;
    expect(routesOf(preparePage(html, "text/html"))).toEqual(["GET /status "]);
  });

  it("converts a paragraph of 40,000 emphasised words, names and linked routes, and finds the endpoint after it", () => {
    // Each element's close once re-read (and so flattened) the whole line: minutes for a page like this.
    const inline = [
      "word <em>name</em> ",
      'word <span class="param-name">name</span> ',
      'w <a href="https://h.example.net/v1/x"><code>/x</code></a> ',
      "w <span>GET</span> ",
    ];
    const html = `<main><p>${inline.map((part) => part.repeat(10_000)).join("")}</p><h2>Get the status</h2><p><code>GET /status</code></p></main>`;
    const markdown = preparePage(html, "text/html");
    expect(markdown.startsWith("word *name* word *name* ")).toBe(true);
    expect(routesOf(markdown)).toContain("GET /status ");
  });

  it("skips a page beyond the work budget with the reason instead of reading it", () => {
    const found = readPage({ url: "https://docs.example/huge", content: "x".repeat(MAX_PAGE_WORK + 1) });
    expect(found).toEqual({ url: "https://docs.example/huge", skipped: expect.stringContaining("characters") });
  });

  it("reads a title without a closing tag and many unmatched angle brackets", () => {
    expect(titleOf(`<html><head><title>Docs <b>v2</b></title>${"<".repeat(100_000)}`)).toBe("Docs v2");
    expect(titleOf(`<title>${"<title ".repeat(50_000)}`)).toBeNull();
  });

  it("keeps a reference that names an object property (&constructor;, &__proto__;) as written, and decodes real ones", () => {
    const md = preparePage("<main><p>a &constructor; b &__proto__; c &toString; &amp; &lt;tag&gt; &#x41;</p></main>", "text/html");
    expect(md).toContain("a &constructor; b &__proto__; c &toString; & <tag> A");
  });

  it("reads object sections named like object properties (constructor, __proto__, toString) as any other object", () => {
    const objects = ["Constructor", "__proto__", "toString"]
      .map((name) => `## The ${name} object\n\n| Name | Type | Description |\n| --- | --- | --- |\n| size | integer | How big. |\n`)
      .join("\n");
    const endpoint =
      "## Make one\n\n`POST /things`\n\n| Name | Type | Description |\n| --- | --- | --- |\n| shape | constructor | What to build. |\n";
    const draft = extractOpenApi(
      [{ url: "https://docs.example/objects", content: preparePage(`${objects}\n${endpoint}`, "text/markdown") }],
      { sourceUrl: "https://docs.example/" },
    );
    const post = (
      draft?.paths["/things"] as { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }
    ).post;
    const body = post.requestBody.content["application/json"].schema;
    expect(body.properties.shape).toMatchObject({ type: "object", properties: { size: { type: "integer" } } });
  });
});
