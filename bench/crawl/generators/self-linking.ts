// Sites that link their own description: the pages that load Redoc (`<redoc spec-url>`), Swagger UI
// (`SwaggerUIBundle({ url })`) and Scalar (`data-url`) in the browser, and an llms.txt that lists
// Markdown pages and the description (Mintlify's layout). Their operations are only in the description.
import { bareShell, ORIGIN } from "../shells";
import { openapiToMd } from "./markdown";
import { type Generator, type Json, operationsOf, type SiteFile, slug } from "./types";
import { convertMarkdown } from "openapi-to-md";
import { stringify } from "yaml";

const SPEC = "openapi.json";
const spec = (doc: Json): SiteFile => ({ path: SPEC, body: JSON.stringify(doc, null, 2) });
const title = (doc: Json) => doc.info?.title ?? "API Reference";

export const redocPage: Generator = async (doc) => [
  {
    path: "index.html",
    body: bareShell(
      title(doc),
      `<link href="https://fonts.googleapis.com/css?family=Montserrat:300,400,700|Roboto:300,400,700" rel="stylesheet">\n<style>body { margin: 0; padding: 0; }</style>`,
      `<redoc spec-url="/${SPEC}"></redoc>\n<script src="https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js"></script>`,
    ),
  },
  spec(doc),
];

export const swaggerUiPage: Generator = async (doc) => [
  {
    path: "index.html",
    body: bareShell(
      `${title(doc)} - Swagger UI`,
      `<link rel="stylesheet" type="text/css" href="./swagger-ui.css">\n<link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32">`,
      `<div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>
<script>
  window.onload = function () {
    window.ui = SwaggerUIBundle({
      url: "/${SPEC}",
      dom_id: "#swagger-ui",
      deepLinking: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      plugins: [SwaggerUIBundle.plugins.DownloadUrl],
      layout: "StandaloneLayout",
    });
  };
</script>`,
    ),
  },
  spec(doc),
];

/** swagger-ui-dist's own layout: index.html loads swagger-initializer.js, which names the description (YAML here). */
export const swaggerUiDist: Generator = async (doc) => [
  {
    path: "index.html",
    body: bareShell(
      "Swagger UI",
      `<link rel="stylesheet" type="text/css" href="./swagger-ui.css">\n<link rel="stylesheet" type="text/css" href="index.css">`,
      `<div id="swagger-ui"></div>\n<script src="./swagger-ui-bundle.js" charset="UTF-8"></script>\n<script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>\n<script src="./swagger-initializer.js" charset="UTF-8"></script>`,
    ),
  },
  {
    path: "swagger-initializer.js",
    body: `window.onload = function() {
  //<editor-fold desc="Changeable Configuration Block">

  // the following lines will be replaced by docker/configurator, when it runs in a docker-container
  window.ui = SwaggerUIBundle({
    url: "openapi.yaml",
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [
      SwaggerUIBundle.presets.apis,
      SwaggerUIStandalonePreset
    ],
    plugins: [
      SwaggerUIBundle.plugins.DownloadUrl
    ],
    layout: "StandaloneLayout"
  });

  //</editor-fold>
};
`,
  },
  { path: "openapi.yaml", body: stringify(doc) },
];

/** Redoc started from a script, the description in YAML: `Redoc.init(url, options, element)`. */
export const redocInit: Generator = async (doc) => [
  {
    path: "index.html",
    body: bareShell(
      title(doc),
      "",
      `<div id="redoc-container"></div>\n<script src="https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js"></script>\n<script>\n  Redoc.init("/openapi.yaml", { scrollYOffset: 50 }, document.getElementById("redoc-container"));\n</script>`,
    ),
  },
  { path: "openapi.yaml", body: stringify(doc) },
];

export const scalarPage: Generator = async (doc) => [
  {
    path: "index.html",
    body: bareShell(
      title(doc),
      "",
      `<script id="api-reference" data-url="/${SPEC}"></script>\n<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>`,
    ),
  },
  spec(doc),
];

/** llms.txt with one Markdown page per tag (openapi-to-md over that tag's operations) and the description under "OpenAPI Specs". */
export const llmsTxt: Generator = async (doc) => {
  const byTag = new Map<string, Json>();
  for (const { path, method, op } of operationsOf(doc)) {
    const tag = op.tags?.[0] ?? "default";
    const paths = byTag.get(tag) ?? {};
    paths[path] = {
      ...(paths[path] ?? {}),
      ...(doc.paths[path].parameters ? { parameters: doc.paths[path].parameters } : {}),
      [method]: op,
    };
    byTag.set(tag, paths);
  }
  const pages: SiteFile[] = [];
  for (const [tag, paths] of byTag) {
    const markdown =
      (await convertMarkdown(JSON.stringify({ ...doc, info: { ...doc.info, title: tag, description: "" }, paths }), false)) ?? "";
    pages.push({ path: `api-reference/${slug(tag)}.md`, body: markdown });
  }
  const [home] = await openapiToMd({ ...doc, paths: {} }, "");
  const index = [
    `# ${title(doc)}`,
    "",
    `> ${(doc.info?.description ?? "").split("\n")[0].slice(0, 300)}`,
    "",
    "## Docs",
    "",
    ...pages.map((p) => `- [${p.path.slice("api-reference/".length, -3)}](${ORIGIN}/${p.path})`),
    "",
    "## OpenAPI Specs",
    "",
    `- [openapi](${ORIGIN}/${SPEC})`,
    "",
  ].join("\n");
  return [home, { path: "llms.txt", body: index }, ...pages, spec(doc)];
};
