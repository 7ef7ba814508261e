// docusaurus-plugin-openapi-docs: its own generator functions write one MDX page per operation and an
// info page; @mdx-js/mdx compiles them and React renders them with the theme's components inside a
// Docusaurus page (navbar, sidebar of operations, pagination, footer), at /docs/api/<id>.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate } from "@mdx-js/mdx";
import { createElement } from "react";
import * as runtime from "react/jsx-runtime";
import { renderToStaticMarkup } from "react-dom/server";
import { sitemap, type NavLink } from "../shells";
import { THEME_COMPONENTS } from "./docusaurus-theme";
import { type Generator, type Json, type SiteFile } from "./types";

const require = createRequire(import.meta.url);
const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The MDX of a page as HTML (its import lines dropped: the components are handed in). */
async function render(mdx: string): Promise<string> {
  const body = mdx
    .split("\n")
    .filter((line) => !line.startsWith("import "))
    .join("\n");
  const { default: Content } = await evaluate(body, { ...(runtime as any), development: false });
  return renderToStaticMarkup(createElement(Content, { components: THEME_COMPONENTS as any }));
}

function page(title: string, site: string, content: string, sidebar: (NavLink & { method?: string })[], current: string): string {
  const index = sidebar.findIndex((l) => l.href === current);
  const [prev, next] = [sidebar[index - 1], sidebar[index + 1]];
  const items = sidebar
    .map(
      (l) =>
        `<li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link${l.method ? ` api-method ${l.method}` : ""}${l.href === current ? " menu__link--active" : ""}" href="${escape(l.href)}">${escape(l.text)}</a></li>`,
    )
    .join("\n");
  const pager = [
    prev &&
      `<a class="pagination-nav__link pagination-nav__link--prev" href="${escape(prev.href)}"><div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">${escape(prev.text)}</div></a>`,
    next &&
      `<a class="pagination-nav__link pagination-nav__link--next" href="${escape(next.href)}"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">${escape(next.text)}</div></a>`,
  ]
    .filter(Boolean)
    .join("");
  return `<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page"><head><meta charset="UTF-8"><title data-rh="true">${escape(title)} | ${escape(site)}</title><link rel="stylesheet" href="/assets/css/styles.css"></head>
<body class="navigation-with-keyboard"><div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><a class="navbar__brand" href="/"><b class="navbar__title text--truncate">${escape(site)}</b></a><a class="navbar__item navbar__link" href="/docs/api">API</a></div><div class="navbar__items navbar__items--right"><div class="navbar__search"><input placeholder="Search" aria-label="Search" class="navbar__search-input"></div></div></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><div class="docRoot_UBD9">
<aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">${items}</ul></nav></div></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/docs/api">API</a></li></ul></nav>
<div class="theme-api-markdown markdown">${content}</div></article>
<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages">${pager}</nav></div></div></div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © ${escape(site)}. Built with Docusaurus.</div></div></div></footer></div></body></html>`;
}

/** The plugin's reading and processing of a description file (as a Docusaurus project's config names one): its page items. */
async function processDescription(doc: Json): Promise<Json[]> {
  const { readOpenapiFiles, processOpenapiFiles } = require("docusaurus-plugin-openapi-docs/lib/openapi");
  const dir = await mkdtemp(join(tmpdir(), "toolport-bench-docusaurus-"));
  const [log, warn] = [console.log, console.warn];
  console.log = console.warn = () => {};
  try {
    const input = join(dir, "openapi.json");
    await writeFile(input, JSON.stringify(doc));
    const [items] = await processOpenapiFiles(
      await readOpenapiFiles(input),
      { specPath: input, outputDir: "docs/api", sidebarOptions: {} },
      {},
    );
    return items;
  } finally {
    [console.log, console.warn] = [log, warn];
    await rm(dir, { recursive: true, force: true });
  }
}

export const docusaurusOpenapiDocs: Generator = async (doc) => {
  const { createApiPageMD, createInfoPageMD } = require("docusaurus-plugin-openapi-docs/lib/markdown");
  const items = await processDescription(doc);
  const site = doc.info?.title ?? "API";
  const apis = items.filter((i) => i.type === "api");
  const info = items.find((i) => i.type === "info");
  const sidebar = [
    { href: "/docs/api", text: "Introduction" },
    ...apis.map((i) => ({ href: `/docs/api/${i.id}`, text: i.title, method: i.api.method })),
  ];
  const files: SiteFile[] = [];
  const failures: string[] = [];
  if (info)
    files.push({ path: "docs/api/index.html", body: page(info.title, site, await render(createInfoPageMD(info)), sidebar, "/docs/api") });
  for (const item of apis) {
    try {
      files.push({
        path: `docs/api/${item.id}/index.html`,
        body: page(item.title, site, await render(createApiPageMD(item)), sidebar, `/docs/api/${item.id}`),
      });
    } catch (err) {
      failures.push(`${item.id}: ${(err as Error).message.split("\n")[0]}`);
    }
  }
  if (failures.length) console.log(`  docusaurus: ${failures.length} pages did not compile as MDX, e.g. ${failures[0]}`);
  files.push({
    path: "index.html",
    body: `<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/docs/api"><title>${escape(site)}</title></head><body><a href="/docs/api">${escape(site)}</a></body></html>`,
  });
  files.push({ path: "sitemap.xml", body: sitemap(sidebar.map((l) => l.href)) });
  return files;
};
