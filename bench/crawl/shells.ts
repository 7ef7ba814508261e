// Page layouts the generated documentation is served in: each mimics the HTML around the content
// of a real documentation theme (navigation, search and footers included), so the crawl's
// boilerplate removal is measured too.
const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export type NavLink = { href: string; text: string };
const navList = (links: NavLink[]) => links.map((l) => `<li><a href="${escape(l.href)}">${escape(l.text)}</a></li>`).join("\n");

/** Slate / Shins: a fixed table of contents, the content between two dark boxes for code samples. */
export function slateShell(title: string, content: string, toc: NavLink[]): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escape(title)}</title><link rel="stylesheet" href="stylesheets/screen.css"></head>
<body class="index" data-languages='["shell","http","javascript"]'>
<a href="#" id="nav-button"><span>NAV <img src="images/navbar.png" alt="Navbar"></span></a>
<div class="toc-wrapper"><img src="images/logo.png" class="logo" alt="Logo">
<div class="lang-selector"><a href="#" data-language-name="shell">Shell</a><a href="#" data-language-name="http">HTTP</a><a href="#" data-language-name="javascript">JavaScript</a></div>
<div class="search"><input type="text" class="search" id="input-search" placeholder="Search"></div>
<ul class="search-results"></ul>
<ul id="toc" class="toc-list-h1">${navList(toc)}</ul>
<ul class="toc-footer"><li><a href="https://github.com/Mermade/widdershins">Documentation Powered by Widdershins</a></li></ul>
</div>
<div class="page-wrapper"><div class="dark-box"></div>
<div class="content">
${content}
</div>
<div class="dark-box"><div class="lang-selector"><a href="#" data-language-name="shell">Shell</a></div></div>
</div>
<script src="javascripts/all.js"></script>
</body></html>`;
}

/** MkDocs Material: a header with search, a navigation sidebar, the page in an <article>, a footer. */
export function mkdocsShell(title: string, content: string, nav: NavLink[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="/assets/stylesheets/main.css"></head>
<body dir="ltr">
<header class="md-header"><nav class="md-header__inner md-grid" aria-label="Header"><a href="/" class="md-header__button md-logo">${escape(title)}</a>
<form class="md-search__form" name="search"><input type="text" class="md-search__input" name="query" placeholder="Search"></form></nav></header>
<div class="md-container"><main class="md-main"><div class="md-main__inner md-grid">
<div class="md-sidebar md-sidebar--primary"><nav class="md-nav md-nav--primary" aria-label="Navigation"><ul class="md-nav__list">${navList(nav)}</ul></nav></div>
<div class="md-content"><article class="md-content__inner md-typeset">
${content}
</article></div></div></main>
<footer class="md-footer"><div class="md-copyright">Made with <a href="https://squidfunk.github.io/mkdocs-material/">Material for MkDocs</a></div></footer></div>
<script src="/assets/javascripts/bundle.js"></script>
</body></html>`;
}

/** A plain page whose only content is a script or element that loads the description in the browser. */
export function bareShell(title: string, head: string, body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
${head}
</head>
<body>
${body}
</body></html>`;
}

/** Stands for the site's origin in generated files; the server puts the real one in when serving. */
export const ORIGIN = "__SITE_ORIGIN__";

/** A sitemap of the site's HTML pages, as most static site generators write one. */
export function sitemap(paths: string[]): string {
  const urls = paths.map((p) => `<url><loc>${ORIGIN}/${escape(p.replace(/^\//, ""))}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
