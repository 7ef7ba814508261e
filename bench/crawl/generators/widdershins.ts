// widdershins (OpenAPI → Slate/Shins Markdown), rendered with marked into Slate's layout: the whole
// reference on one page, or one page per operation with an index and a schemas page.
import { marked } from "marked";
import widdershins from "widdershins";
import { slateShell, sitemap } from "../shells";
import { type Generator, type Json, operationsOf, type SiteFile, slug } from "./types";

const OPTIONS = {
  codeSamples: true,
  httpsnippet: false,
  expandBody: true,
  omitHeader: true,
  verbose: false,
  language_tabs: [{ shell: "Shell" }, { http: "HTTP" }, { javascript: "JavaScript" }],
};

/** Widdershins' Markdown of a description (it logs its template compilation; that is silenced). */
async function convert(doc: Json): Promise<string> {
  const log = console.log;
  console.log = () => {};
  try {
    return await widdershins.convert(structuredClone(doc), OPTIONS);
  } finally {
    console.log = log;
  }
}

const tocOf = (doc: Json) =>
  operationsOf(doc)
    .slice(0, 400)
    .map(({ path, method, op }) => ({ href: "#", text: op.summary ?? `${method.toUpperCase()} ${path}` }));

/** The whole reference on one Slate page. */
export const widdershinsSlate: Generator = async (doc) => {
  const html = marked.parse(await convert(doc), { async: false });
  return [{ path: "index.html", body: slateShell(doc.info?.title ?? "API Reference", html, tocOf(doc)) }];
};

/** Splits widdershins' Markdown before its "Schemas" chapter. */
function splitSchemas(markdown: string): [string, string] {
  const at = markdown.search(/<h1 id="[^"]*-schemas">Schemas<\/h1>/);
  return at < 0 ? [markdown, ""] : [markdown.slice(0, at), markdown.slice(at)];
}

/** One page per operation (widdershins over a description holding that operation alone), an index and a schemas page. */
export const widdershinsPerOperation: Generator = async (doc) => {
  const title = doc.info?.title ?? "API Reference";
  const ops = operationsOf(doc);
  const pages: SiteFile[] = [];
  const links: { href: string; text: string }[] = [];
  const used = new Set<string>();
  for (const { path, method, op } of ops) {
    let name = slug(op.operationId ?? `${method} ${path}`);
    while (used.has(name)) name += "-2";
    used.add(name);
    const item = doc.paths[path];
    const single = {
      ...doc,
      info: { ...doc.info, description: "" },
      tags: [],
      paths: { [path]: { ...(item.parameters ? { parameters: item.parameters } : {}), [method]: op } },
    };
    const [operation] = splitSchemas(await convert(single));
    // The page starts at the operation: the API's title and authentication are on the index.
    const start = operation.search(/^## /m);
    const text = op.summary ?? `${method.toUpperCase()} ${path}`;
    pages.push({
      path: `operations/${name}.html`,
      body: "" + marked.parse(start < 0 ? operation : operation.slice(start), { async: false }),
    });
    links.push({ href: `/operations/${name}.html`, text });
  }
  const [intro, schemas] = splitSchemas(await convert({ ...doc, paths: {} }));
  const list = `<h2>Operations</h2>\n<ul>\n${links.map((l) => `<li><a href="${l.href}">${l.text.replaceAll("<", "&lt;")}</a></li>`).join("\n")}\n</ul>`;
  const toc = [{ href: "/", text: "Introduction" }, ...links, { href: "/schemas.html", text: "Schemas" }];
  const shell = (content: string) => slateShell(title, content, toc);
  return [
    { path: "index.html", body: shell(marked.parse(intro, { async: false }) + list) },
    ...pages.map((p) => ({ path: p.path, body: shell(p.body) })),
    { path: "schemas.html", body: shell(marked.parse(schemas, { async: false })) },
    { path: "sitemap.xml", body: sitemap(["", ...links.map((l) => l.href), "schemas.html"]) },
  ];
};
