// The HTML around rendered Markdown, one layout per generator the real corpus is written for: each
// approximates the markup its generator's default theme puts around a page (navigation, sidebars,
// headers, footers), so the crawl's boilerplate removal is measured too. MkDocs and Sphinx are not
// here: those sites are built by the real generators.
import type { Style } from "./render";

export type NavLink = { href: string; text: string };
type Shell = (title: string, content: string, nav: NavLink[]) => string;

const esc = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
const list = (nav: NavLink[], cls = "") =>
  `<ul${cls ? ` class="${cls}"` : ""}>${nav.map((l) => `<li><a href="${esc(l.href)}">${esc(l.text)}</a></li>`).join("")}</ul>`;
const page = (title: string, body: string, bodyClass = "") =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title></head>\n<body${bodyClass ? ` class="${bodyClass}"` : ""}>\n${body}\n</body></html>\n`;

/** GitHub's rendering of a repository's Markdown file (README-only APIs). */
const readme: Shell = (title, content, nav) =>
  page(
    title,
    `<header class="AppHeader"><a href="/">GitHub</a><nav aria-label="Repository">${list(nav)}</nav></header>
<main><div class="repository-content"><article class="markdown-body entry-content container-lg" itemprop="text">${content}</article></div></main>
<footer class="footer"><p>© GitHub, Inc.</p></footer>`,
  );

/** Jekyll's minima theme on GitHub Pages. */
const jekyll: Shell = (title, content, nav) =>
  page(
    title,
    `<header class="site-header" role="banner"><div class="wrapper"><a class="site-title" rel="author" href="/">${esc(title)}</a><nav class="site-nav">${list(nav, "trigger")}</nav></div></header>
<main class="page-content" aria-label="Content"><div class="wrapper"><article class="post"><div class="post-content">${content}</div></article></div></main>
<footer class="site-footer h-card"><div class="wrapper">Powered by Jekyll</div></footer>`,
  );

/** Hugo with a Docsy-like documentation theme. */
const hugo: Shell = (title, content, nav) =>
  page(
    title,
    `<header><nav class="js-navbar-scroll navbar navbar-expand"><a class="navbar-brand" href="/">Docs</a></nav></header>
<div class="container-fluid td-outer"><div class="td-main"><div class="row flex-xl-nowrap">
<aside class="col-12 col-md-3 col-xl-2 td-sidebar d-print-none"><nav class="td-sidebar-nav">${list(nav, "td-sidebar-nav__section")}</nav></aside>
<aside class="d-none d-xl-block col-xl-2 td-sidebar-toc d-print-none"><nav id="TableOfContents"></nav></aside>
<main class="col-12 col-md-9 col-xl-8 ps-md-5" role="main"><div class="td-content">${content}</div></main>
</div></div><footer class="td-footer">© Docs</footer></div>`,
  );

/** VuePress' default theme. */
const vuepress: Shell = (title, content, nav) =>
  page(
    title,
    `<div id="app"><div class="theme-container"><header class="navbar"><a href="/" class="home-link router-link-active"><span class="site-name">${esc(title)}</span></a><div class="links"><div class="search-box"><input aria-label="Search" autocomplete="off"></div></div></header>
<aside class="sidebar">${list(nav, "sidebar-links")}</aside>
<main class="page"><div class="theme-default-content content__default">${content}</div><footer class="page-edit"><div class="last-updated">Last Updated</div></footer></main></div></div>`,
  );

/** Docusaurus' classic theme. */
const docusaurus: Shell = (title, content, nav) =>
  page(
    title,
    `<div id="__docusaurus"><nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><a class="navbar__brand" href="/">${esc(title)}</a></div></nav>
<div class="main-wrapper"><div class="docsWrapper"><div class="docRoot"><aside class="theme-doc-sidebar-container"><nav aria-label="Docs sidebar" class="menu thin-scrollbar">${list(nav, "theme-doc-sidebar-menu menu__list")}</nav></aside>
<main class="docMainContainer"><div class="container"><div class="row"><div class="col docItemCol"><article><div class="theme-doc-markdown markdown">${content}</div></article>
<nav class="pagination-nav" aria-label="Docs pages"></nav></div><div class="col col--3"><div class="tableOfContents"></div></div></div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="footer__copyright">Built with Docusaurus.</div></footer></div>`,
  );

/** Slate: a fixed table of contents, the content between two dark boxes for code samples. */
const slate: Shell = (title, content, nav) =>
  page(
    title,
    `<a href="#" id="nav-button"><span>NAV</span></a>
<div class="toc-wrapper"><div class="lang-selector"><a href="#" data-language-name="shell">shell</a><a href="#" data-language-name="ruby">ruby</a><a href="#" data-language-name="python">python</a><a href="#" data-language-name="javascript">javascript</a></div>
<div class="search"><input type="text" class="search" id="input-search" placeholder="Search"></div><ul class="search-results"></ul>
<ul id="toc" class="toc-list-h1">${nav.map((l) => `<li><a href="${esc(l.href)}" class="toc-h1 toc-link">${esc(l.text)}</a></li>`).join("")}</ul>
<ul class="toc-footer"><li><a href="https://github.com/slatedocs/slate">Documentation Powered by Slate</a></li></ul></div>
<div class="page-wrapper"><div class="dark-box"></div><div class="content">${content}</div><div class="dark-box"></div></div>`,
    "index",
  );

/** GitBook's published layout. */
const gitbook: Shell = (title, content, nav) =>
  page(
    title,
    `<div class="book"><div class="book-summary"><nav role="navigation">${list(nav, "summary")}</nav></div>
<div class="book-body"><div class="body-inner"><div class="book-header" role="navigation"><h1>${esc(title)}</h1></div>
<div class="page-wrapper" tabindex="-1" role="main"><div class="page-inner"><section class="normal markdown-section">${content}</section></div></div></div></div></div>`,
  );

/** A nanoc site in Bootstrap (BookingSync's layout). */
const nanoc: Shell = (title, content, nav) =>
  page(
    title,
    `<nav class="navbar navbar-default navbar-fixed-top"><div class="container"><a class="navbar-brand" href="/">${esc(title)}</a></div></nav>
<div class="container"><div class="row"><div class="col-md-3"><div class="sidebar">${list(nav, "nav nav-stacked")}</div></div>
<div class="col-md-9" role="main"><div class="content">${content}</div></div></div></div><footer class="footer"><div class="container">©</div></footer>`,
  );

/** Hand-written HTML: the page's own markup inside a plain site frame. */
const html: Shell = (title, content, nav) =>
  page(title, `<header><nav>${list(nav)}</nav></header>\n<main>${content}</main>\n<footer>Hand-written documentation</footer>`);

/** Mintlify's layout: a top bar, the navigation sidebar, the page's content area with its table of contents. */
const mintlify: Shell = (title, content, nav) =>
  page(
    title,
    `<div id="navbar" class="sticky top-0"><a href="/">${esc(title)}</a><button id="search-bar-entry">Search...</button></div>
<div class="flex"><div id="sidebar" class="z-20 hidden lg:block"><div id="navigation-items">${list(nav, "sidebar-group")}</div></div>
<div id="content-container"><div id="content-area" class="relative"><header id="header"><h1 id="page-title">${esc(title.split(" - ")[0])}</h1></header><div class="mdx-content prose" data-page-title="${esc(title)}">${content}</div>
<footer id="footer"><a href="https://mintlify.com">Powered by Mintlify</a></footer></div><div id="table-of-contents"></div></div></div>`,
  );

/** Astro Starlight: the header with search, the sidebar, the page title panel, the content, "On this page". */
const starlight: Shell = (title, content, nav) =>
  page(
    title,
    `<div class="page sl-flex"><header class="header"><div class="header sl-flex"><div class="title-wrapper sl-flex"><a href="/" class="site-title sl-flex"><span>${esc(title.split(" - ").at(-1) ?? title)}</span></a></div><site-search><button data-open-modal aria-label="Search">Search</button></site-search></div></header>
<nav class="sidebar" aria-label="Main"><div class="sidebar-pane"><div class="sidebar-content sl-flex"><ul class="top-level">${nav.map((l) => `<li><a href="${esc(l.href)}" class="large">${esc(l.text)}</a></li>`).join("")}</ul></div></div></nav>
<div class="main-frame"><div class="lg:sl-flex"><aside class="right-sidebar-container"><div class="right-sidebar"><starlight-toc><nav aria-labelledby="starlight__on-this-page"><h2 id="starlight__on-this-page">On this page</h2></nav></starlight-toc></div></aside>
<div class="main-pane"><main data-pagefind-body lang="en" dir="ltr"><div class="content-panel"><div class="sl-container"><h1 id="_top">${esc(title.split(" - ")[0])}</h1></div></div>
<div class="content-panel"><div class="sl-container"><div class="sl-markdown-content">${content}</div><footer class="sl-flex"><div class="meta sl-flex"></div><div class="pagination-links"></div></footer></div></div></main></div></div></div></div>`,
  );

/** Caddy's documentation site (Caddy's own templates rendering Markdown with Goldmark into src/docs/index.html). */
const caddy: Shell = (title, content, nav) =>
  page(
    title,
    `<header><div class="wrapper"><a href="/" id="logo">Caddy</a><nav id="main-nav"><a href="/docs/">Documentation</a><a href="/features">Features</a></nav></div></header>
<div id="autonav"></div>
<main><div class="docs wrapper"><nav><div id="docs-menu">Pages</div><div id="docs-menu-container">${list(nav)}</div></nav>
<article>${content}</article><div id="paper-trail"></div></div></main>
<footer><div class="wrapper">Caddy is a project of ZeroSSL</div></footer>`,
    "docs-body",
  );

/** A Gatsby site's layout (the Rick and Morty API's: header, the documentation's sidebar of headings, the article, footer). */
const gatsby: Shell = (title, content, nav) =>
  page(
    title,
    `<div id="___gatsby"><div id="gatsby-focus-wrapper"><header><nav><a href="/">Home</a>${list(nav)}</nav></header>
<main><div class="docs"><aside class="sidebar"><a href="#introduction">Introduction</a></aside><article>${content}</article></div></main>
<footer><p>❮❯ by Axel Fuhrmann</p></footer></div></div>`,
  );

export const SHELLS: Record<Style, Shell> = {
  gatsby,
  caddy,
  mintlify,
  readme,
  jekyll,
  hugo,
  vuepress,
  docusaurus,
  slate,
  gitbook,
  nanoc,
  html,
  starlight,
  mkdocs: readme,
  "mkdocs-material": readme,
  asciidoc: readme,
  sphinx: readme,
  "sphinx-http": readme,
};
