// Renders each real-documentation site of manifest.json from its fetched source (a bare git copy of
// the public repository at the pinned commit) into node_modules/.cache/bench/crawl-real/<site>/.
// MkDocs (built-in theme or Material), Sphinx (with sphinxcontrib-httpdomain) and AsciiDoc sites are
// built by the real generators from Debian's packages; the others are Markdown/MDX rendered with marked
// inside an approximation of their generator's HTML (see shells.ts). The rendered text stays out of the repository.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { SHELLS, type NavLink } from "./shells";

export type Style =
  | "readme"
  | "jekyll"
  | "hugo"
  | "vuepress"
  | "sphinx-http"
  | "sphinx"
  | "mkdocs"
  | "mkdocs-material"
  | "docusaurus"
  | "slate"
  | "gitbook"
  | "nanoc"
  | "html"
  | "mintlify"
  | "starlight"
  | "asciidoc"
  | "caddy"
  | "gatsby";
/** `samples`: a file of code samples by id that the pages' `<CodeSamples id="…">` components show (a VuePress site's own). */
/** `django`: the pages are Django templates, served from that address (`{{ request.scheme }}://{{ request.META.HTTP_HOST }}`). */
/** `ejs`: the pages are EJS views whose `<%- include("…") %>` the server fills in from the repository. */
/** `twig`: the pages are Twig templates, rendered with these variables and `translations` (a YAML file of the repository) for `|trans`. */
export type SiteEntry = {
  name: string;
  repo: string;
  commit: string;
  style: Style;
  files: string[];
  samples?: string;
  django?: string;
  ejs?: boolean;
  twig?: Record<string, string>;
  translations?: string;
};
export type RenderedSite = { entry: SiteEntry; dir: string; pages: string[]; cached: boolean; error?: string };

export const OUT = join(import.meta.dirname, "..", "..", "..", "node_modules", ".cache", "bench", "crawl-real");
export const MIRRORS = process.env.CRAWL_REAL_MIRRORS ?? "/work/.mirror";
const RENDER_VERSION = "4";

/** The git directory the fetch tool leaves for a repository: a bare copy, or a work tree's `.git`. */
function gitDir(repo: string): string {
  const dir = join(MIRRORS, repo.replace("/", "+"), "repo");
  return existsSync(join(dir, ".git")) ? join(dir, ".git") : dir;
}

/** One file of the site's source at the pinned commit. */
export function sourceOf(entry: SiteEntry, file: string): string {
  return execFileSync("git", ["--git-dir", gitDir(entry.repo), "show", `${entry.commit}:${file}`], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

const escape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Front matter off; its title kept, and a Mintlify page's `api` line (the endpoint its layout shows). */
function frontMatter(text: string): { title?: string; api?: string; body: string } {
  if (!text.startsWith("---")) return { body: text };
  const end = text.indexOf("\n---", 3);
  if (end < 0) return { body: text };
  const head = text.slice(3, end);
  const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(head)?.[1];
  const api = /^api:\s*["']?(.+?)["']?\s*$/m.exec(head)?.[1];
  return { title, api, body: text.slice(text.indexOf("\n", end + 1) + 1) };
}

/** `term` lines followed by `: definition` lines (Goldmark, Python-Markdown def_list, kramdown) as HTML. */
function definitionLists(md: string): string {
  const lines = md.split("\n");
  const out: string[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trimStart().startsWith("```")) fence = !fence;
    const next = lines[i + 1] ?? "";
    if (!fence && line.trim() && !line.startsWith(":") && next.startsWith(": ")) {
      const defs: string[] = [];
      let j = i + 1;
      while (j < lines.length && (lines[j].startsWith(": ") || (lines[j].startsWith("  ") && defs.length)))
        defs.push(lines[j++].replace(/^: /, "").trim());
      out.push(`<dl><dt>${marked.parseInline(line.trim())}</dt><dd>${marked.parseInline(defs.join(" "))}</dd></dl>`, "");
      i = j - 1;
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

/** The markup the site's own MDX components render to (Home Assistant's ApiEndpoint, from its static/js/api_endpoint.jsx). */
function docusaurusComponents(md: string): string {
  return md
    .replace(
      /<ApiEndpoint path="([^"]*)" method="([^"]*)"[^>]*>/g,
      (_m, path: string, method: string) =>
        `<details class="api-endpoint"><summary class="api-endpoint-header"><div class="api-endpoint-method ${method}">${method}</div><code>${escape(path)}</code></summary><div class="api-endpoint-content">\n`,
    )
    .replaceAll("</ApiEndpoint>", "\n</div></details>");
}

/** The value of `name="…"` (or `name: "…"`, either quote) in a component's attribute text. */
function attribute(text: string, name: string): string | undefined {
  for (const sep of ["=", ": "]) {
    const at = text.indexOf(`${name}${sep}`);
    if (at < 0) continue;
    const quote = text[at + name.length + sep.length];
    if (quote !== '"' && quote !== "'") continue;
    const start = at + name.length + sep.length + 1;
    return text.slice(start, text.indexOf(quote, start));
  }
  return undefined;
}

/** Where a self-closing JSX element that starts at `at` ends: its `/>` outside braces (props hold JSX of their own). */
function tagEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length - 1; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}") depth--;
    else if (depth === 0 && text[i] === "/" && text[i + 1] === ">") return i + 2;
  }
  return text.length;
}

/** 3Commas' MDX components (src/components/Endpoint, ApiParam) as their markup: an endpoint's method and URL, a parameter's name and type. */
function endpointComponents(md: string): string {
  const out: string[] = [];
  let rest = md;
  for (;;) {
    const at = rest.search(/<(?:Endpoint|NoContentEndpoint)\b/);
    if (at < 0) break;
    const end = tagEnd(rest, at);
    const tag = rest.slice(at, end);
    const listed = tag.includes("endpointsList") ? tag.split("{").slice(1) : [tag];
    const rows = listed
      .map((part) => ({ url: attribute(part, "url") ?? attribute(part, "endpoint"), method: attribute(part, "method") }))
      .filter((r) => r.url);
    const html = rows
      .map(
        (r) =>
          `<div class="endpoint">${r.method ? `<span class="method">${r.method}</span>` : ""}<span class="url">${escape(r.url ?? "")}</span></div>`,
      )
      .join("");
    out.push(rest.slice(0, at), `<div class="endpoint-container">${html}</div>\n`);
    rest = rest.slice(end);
  }
  out.push(rest);
  return out
    .join("")
    .replace(
      /<(?:Collapsible)?ApiParam ([^>]*)>/g,
      (_m, attrs: string) =>
        `<div class="api-param"><div class="header"><span class="name">${attribute(attrs, "name") ?? ""}</span> <span class="type">${escape(attribute(attrs, "type") ?? "")}</span>${attrs.includes(" required") ? ' <span class="required">required</span>' : ""}</div><div class="description">\n`,
    )
    .replace(/<\/(?:Collapsible)?ApiParam>/g, "\n</div></div>");
}

/** MDX has no indented code blocks: indentation (a component's children, a fence inside one) is layout only. */
function dedentMdx(md: string): string {
  let fence = -1;
  return md
    .split("\n")
    .map((line) => {
      const indent = line.length - line.trimStart().length;
      const text = line.trimStart();
      if (text.startsWith("```")) {
        fence = fence < 0 ? indent : -1;
        return text;
      }
      if (fence >= 0) return line.slice(Math.min(fence, indent));
      return indent >= 4 && !/^(?:[-*+]|\d+\.)\s/.test(text) ? text : line;
    })
    .join("\n");
}

/** MDX components the generator renders as plain containers (their children kept, their tags dropped). */
const dropComponents = (md: string) => md.replace(/^\s*<\/?[A-Z][\w.]*[^<>\n]*>\s*$/gm, "");

/** A Mintlify field (ParamField, ResponseField) as Mintlify lays it out: its name, type and required pills above its description. */
function mintlifyField(attrs: string): string {
  const name = ["body", "path", "query", "header", "param", "name"].map((a) => attribute(attrs, a)).find((v) => v !== undefined) ?? "";
  const type = attribute(attrs, "type");
  const required = /\brequired(?:=\{true\})?(?:\s|$)/.test(attrs) ? '<div data-component-part="field-required-pill">required</div>' : "";
  const fallback = attribute(attrs, "default");
  return `<div class="field"><div class="field-header"><div data-component-part="field-name" class="field-name">${escape(name)}</div>${type ? `<div data-component-part="field-info-pill"><span>${escape(type)}</span></div>` : ""}${required}${fallback ? `<div data-component-part="field-default">default: ${escape(fallback)}</div>` : ""}</div><div data-component-part="field-content" class="prose">\n\n`;
}

/** Mintlify's own components as its layout renders them: fields, expandables, the request/response example panels, callouts. */
function mintlifyComponents(md: string): string {
  return dropComponents(
    dedentMdx(md.replace(/^(?:import|export) .*$/gm, ""))
      .replace(/<(?:ParamField|ResponseField)\b([^>]*)>/g, (_m, attrs: string) => mintlifyField(attrs))
      .replace(/<\/(?:ParamField|ResponseField)>/g, "\n\n</div></div>")
      .replace(
        /<Expandable\b([^>]*)>/g,
        (_m, attrs: string) =>
          `<details class="expandable"><summary>Show ${escape(attribute(attrs, "title") ?? "properties")}</summary>\n\n`,
      )
      .replaceAll("</Expandable>", "\n\n</details>")
      .replace(
        /<(RequestExample|ResponseExample|CodeGroup)>/g,
        (_m, name: string) =>
          `<div class="code-group" data-component-part="${name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase())}">\n\n`,
      )
      .replace(/<\/(?:RequestExample|ResponseExample|CodeGroup)>/g, "\n\n</div>")
      .replace(/<(Warning|Note|Info|Tip|Check)>/g, '<div class="callout" data-callout="$1">\n\n')
      .replace(/<\/(Warning|Note|Info|Tip|Check)>/g, "\n\n</div>"),
  );
}

/** The endpoint line of a Mintlify API page (its front matter's `api`), as the page header shows it: method pill and URL. */
const mintlifyEndpoint = (api: string) => {
  const [method, url] = api.split(/\s+/, 2);
  return `<div class="api-section-heading" data-component-part="endpoint"><div class="method-pill" data-method="${escape(method)}">${escape(method)}</div><div class="api-url">${escape(url ?? "")}</div></div>\n\n`;
};

/** A VuePress site's own route and code-sample components (Meilisearch's RouteHighlighter.vue and codeSamples.vue): the method
 * box over the route in a code block; the samples' cURL tab (the one the site's own repository holds) in a tab container. */
function vuepressComponents(md: string, samples: Record<string, string>): string {
  return md
    .replace(
      /<RouteHighlighter\s+method="([^"]*)"\s+route="([^"]*)"\s*\/>/g,
      (_m, method: string, route: string) =>
        `<div class="route"><div><div class="method ${escape(method.toLowerCase())}">${escape(method.toUpperCase())}</div><pre><code>${escape(route)}</code></pre></div></div>`,
    )
    .replace(/<CodeSamples\s+id="([^"]*)"\s*\/>/g, (_m, id: string) => {
      const code = samples[id];
      return `<div class="code-samples-wrapper"><div class="tabs el-tabs--border-card"><div class="el-tabs__header" role="tablist"><div role="tab">cURL</div></div><div class="tab" role="tabpanel" data-tab="cURL">${code === undefined ? "No example found" : `<div class="language-bash extra-class"><pre class="language-bash"><code>${escape(code)}</code></pre></div>`}</div></div></div>`;
    });
}

/** What healthchecks.io's documentation view writes for its fragments' placeholders (longer names first). */
const HEALTHCHECKS_PLACEHOLDERS: [string, string][] = [
  ["SITE_ROOT", "https://healthchecks.io"],
  ["SITE_NAME", "Healthchecks.io"],
  ["PING_ENDPOINT", "https://hc-ping.com/"],
  ["PING_URL", "https://hc-ping.com/your-uuid-here"],
  ["PING_BODY_LIMIT_FORMATTED", "100 kB"],
  ["PING_BODY_LIMIT", "100000"],
];

/** A Gatsby site's own MDX components (the Rick and Morty API's src/components/docs/mdx): `RestQuery` as the shell block
 * it renders (the method over the site's API base and the endpoint), `Count` as the figure its build-time query fills in. */
function gatsbyComponents(md: string): string {
  const COUNTS: Record<string, string> = { characters: "826", locations: "126", episodes: "51" };
  return dropComponents(
    dedentMdx(md.replace(/^(?:import|export) .*$/gm, ""))
      .replace(/<h1>\{props\.pageContext\.frontmatter\.title\}<\/h1>/g, "")
      .replace(
        /<RestQuery(?:\s+endpoint="([^"]*)")?\s*\/>/g,
        (_m, endpoint: string | undefined) =>
          `<div class="gatsby-highlight" data-language="shell"><pre class="language-shell"><code class="language-shell"><span class="endpoint"><span class="request">GET </span>https://rickandmortyapi.com/api</span>${escape(endpoint ?? "")}</code></pre></div>`,
      )
      .replace(/<Count model='(\w+)'\/>/g, (_m, model: string) => `<code class="language-text">${COUNTS[model] ?? ""}</code>`),
  );
}

/** An EJS view as its server renders it: each `<%- include("…") %>` replaced by that view (relative to the including file), other tags dropped. */
function ejsView(entry: SiteEntry, file: string, depth = 0): string {
  return sourceOf(entry, file).replace(/<%([-=]?)([^%]*)%>/g, (_m, out: string, code: string) => {
    const included = /include\(\s*["']([^"']+)["']/.exec(code)?.[1];
    if (!out || !included || depth > 3) return "";
    return ejsView(entry, join(dirname(file), included.endsWith(".ejs") ? included : `${included}.ejs`), depth + 1);
  });
}

/** django-markdown-deux's `{% markdown %}…{% endmarkdown %}` (markdown2) as HTML, its `{% include "…" %}`s filled in from the
 * template's folder; markdown2 reads `###Title` without a space as a heading, as GFM does not. */
function djangoMarkdown(entry: SiteEntry, file: string, html: string): string {
  return html.replace(/\{% markdown %\}([\s\S]*?)\{% endmarkdown %\}/g, (_m, inner: string) => {
    const md = inner
      .replace(/^[ \t]*\{% include "([^"]+)" %\}/gm, (_i, name: string) => sourceOf(entry, join(dirname(file), name)))
      .replace(/^(#{1,6})(?=[^#\s])/gm, "$1 ");
    return marked.parse(md, { gfm: true, async: false });
  });
}

/** A Django template as the site serving it renders it (the Deck of Cards API's docs.html): tags off, the request's address filled in. */
const djangoTemplate = (entry: SiteEntry, file: string, html: string, host: string) =>
  djangoMarkdown(entry, file, html)
    .replace(/\{%[^%]*%\}/g, "")
    .replaceAll("{{ request.scheme }}://{{ request.META.HTTP_HOST }}", host)
    .trimStart();

/** A Twig template as its site renders it today for a visitor who is not signed in (Packagist's api_doc page): variables and
 * `|trans` keys filled in, a block kept or dropped by its `'now'|date('Ymd') < '…'` condition, `|default(…)` for a missing
 * user, `|date('U')` as the current Unix time, `path(…)` as a link, the remaining tags off. */
function twigTemplate(entry: SiteEntry, text: string): string {
  const messages: Record<string, unknown> = entry.translations ? (parseYaml(sourceOf(entry, entry.translations)) ?? {}) : {};
  const translate = (key: string) => {
    const found = key.split(".").reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages);
    return typeof found === "string" ? found : key;
  };
  const today = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  const now = Math.floor(Date.now() / 1000);
  return text
    .replace(/\{% if 'now'\|date\('Ymd'\) < '(\d{8})' %\}([\s\S]*?)\{% endif %\}/g, (_m, until: string, body: string) =>
      today < until ? body : "",
    )
    .replace(/\{\{([^}]*)\}\}/g, (_m, expr: string) => {
      const e = expr.trim();
      const quoted = /^'([^']*)'\|trans$/.exec(e);
      if (quoted) return translate(quoted[1]);
      if (entry.twig && e in entry.twig) return entry.twig[e];
      const fallback = /\|default\('([^']*)'\)/.exec(e);
      if (fallback) return fallback[1];
      if (e.includes("|date('U')")) return String(now * Number(/\*\s*(\d+)/.exec(e)?.[1] ?? 1));
      const route = /^path\('([^']*)'\)$/.exec(e);
      return route ? `/${route[1].replaceAll("_", "-")}/` : "";
    })
    .replace(/\{%[^%]*%\}/g, "")
    .trimStart();
}

/**
 * The value of a GitBook tag's `name="…"` or `name=bare` attribute, as GitBook shows it: its Markdown escapes
 * (`place\_id`, `{\"name\":…}`) undone, an escaped quote part of the value.
 */
function gitbookAttribute(attrs: string, name: string): string | undefined {
  const at = attrs.indexOf(`${name}="`);
  if (at < 0) return attribute(attrs, name) ?? new RegExp(`\\b${name}=([^\\s"'%]+)`).exec(attrs)?.[1];
  let end = at + name.length + 2;
  while (end < attrs.length && attrs[end] !== '"') end += attrs[end] === "\\" ? 2 : 1;
  return attrs.slice(at + name.length + 2, end).replace(/\\(.)/g, "$1");
}

/** The text between `{% tag … %}` and `{% endtag %}` in a block, each occurrence with its attributes. */
function gitbookTags(block: string, tag: string): { attrs: string; body: string }[] {
  const out: { attrs: string; body: string }[] = [];
  for (let at = block.indexOf(`{% ${tag} `); at >= 0; at = block.indexOf(`{% ${tag} `, at + 1)) {
    const open = block.indexOf("%}", at);
    const close = block.indexOf(`{% end${tag} %}`, open);
    if (open < 0 || close < 0) break;
    out.push({ attrs: block.slice(at + tag.length + 3, open), body: block.slice(open + 2, close).trim() });
  }
  return out;
}
const gitbookText = (block: string, tag: string) => {
  const at = block.indexOf(`{% ${tag} %}`);
  const end = block.indexOf(`{% end${tag} %}`);
  return at >= 0 && end > at ? block.slice(at + tag.length + 6, end).trim() : "";
};

const GITBOOK_PARAMETER_GROUPS: [string, string][] = [
  ["path", "Path Parameters"],
  ["query", "Query Parameters"],
  ["header", "Headers"],
  ["cookie", "Cookies"],
  ["body", "Request Body"],
  ["form-data", "Form Data Parameters"],
];

/** A GitBook API method block (`{% swagger %}` or the older `{% api-method %}`) as GitBook renders it: method and URL, summary,
 * description, a table per parameter location, then the responses by status. */
function gitbookApiBlock(kind: "swagger" | "api-method", attrs: string, block: string): string {
  const method = (gitbookAttribute(attrs, "method") ?? "get").toUpperCase();
  const url = `${gitbookAttribute(attrs, kind === "swagger" ? "baseUrl" : "host") ?? ""}${gitbookAttribute(attrs, "path") ?? ""}`;
  const summary = kind === "swagger" ? (gitbookAttribute(attrs, "summary") ?? "") : gitbookText(block, "api-method-summary");
  const description = gitbookText(block, `${kind}-description`);
  const params = new Map<string, { name: string; type: string; required: boolean; text: string }[]>();
  const add = (where: string, p: { attrs: string; body: string }) => {
    const list = params.get(where) ?? [];
    list.push({
      name: gitbookAttribute(p.attrs, "name") ?? "",
      type: gitbookAttribute(p.attrs, "type") ?? "",
      required: gitbookAttribute(p.attrs, "required") === "true",
      text: p.body.replace(/\s*\n\s*/g, " "),
    });
    params.set(where, list);
  };
  if (kind === "swagger") for (const p of gitbookTags(block, "swagger-parameter")) add(gitbookAttribute(p.attrs, "in") ?? "query", p);
  else
    for (const [where] of GITBOOK_PARAMETER_GROUPS) {
      const group = gitbookText(
        block,
        `api-method-${where === "header" ? "headers" : where === "body" ? "body-parameters" : `${where}-parameters`}`,
      );
      for (const p of gitbookTags(group, "api-method-parameter")) add(where, p);
    }
  const tables = GITBOOK_PARAMETER_GROUPS.filter(([where]) => params.get(where)?.some((p) => p.name)).map(
    ([where, title]) =>
      `#### ${title}\n\n| Name | Type | Description |\n| --- | --- | --- |\n` +
      params
        .get(where)!
        .filter((p) => p.name)
        .map((p) => `| ${p.name}${p.required ? '<span class="required">*</span>' : ""} | ${p.type} | ${p.text.replaceAll("|", "\\|")} |`)
        .join("\n"),
  );
  const responses = gitbookTags(block, kind === "swagger" ? "swagger-response" : "api-method-response-example").map((r) => {
    const status = gitbookAttribute(r.attrs, kind === "swagger" ? "status" : "httpCode") ?? "";
    const text =
      kind === "swagger"
        ? (gitbookAttribute(r.attrs, "description") ?? "")
        : gitbookText(r.body, "api-method-response-example-description");
    const body = r.body
      .replace(/\{%[^%]*%\}[\s\S]*?\{%[^%]*%\}/, "")
      .replace(/\{%[^%]*%\}/g, "")
      .trim();
    return `**${status}** ${text}\n\n${body}`;
  });
  return [
    `<div class="api-method"><div class="api-method-title">${escape(summary)}</div><div class="api-method-endpoint"><span class="api-method-method">${method}</span> <span class="api-method-url">${escape(url)}</span></div></div>`,
    description,
    ...tables,
    responses.length ? `#### Responses\n\n${responses.join("\n\n")}` : "",
  ].join("\n\n");
}

/** GitBook's own tags: its API method blocks rendered, every other tag (hints, tabs, page references) shown by its content alone. */
function gitbookBlocks(md: string): string {
  let text = md;
  for (const kind of ["swagger", "api-method"] as const) {
    let out = "";
    let at = 0;
    for (let open = text.indexOf(`{% ${kind} `); open >= 0; open = text.indexOf(`{% ${kind} `, at)) {
      const attrsEnd = text.indexOf("%}", open);
      const close = text.indexOf(`{% end${kind} %}`, attrsEnd);
      if (attrsEnd < 0 || close < 0) break;
      out += text.slice(at, open) + gitbookApiBlock(kind, text.slice(open + kind.length + 3, attrsEnd), text.slice(attrsEnd + 2, close));
      at = close + `{% end${kind} %}`.length;
    }
    text = out + text.slice(at);
  }
  return text.replace(/\{%[^%]*%\}/g, "");
}

/** What each generator does to its Markdown before rendering: shortcodes, imports, includes, template tags. */
function preprocess(style: Style, md: string, samples: Record<string, string> = {}): string {
  let text = md;
  // Docsy's tabpane: a tab with a language shows its content as a code block.
  if (style === "hugo") text = text.replace(/\{\{< tab [^>]*lang="([\w-]+)"[^>]*>\}\}([\s\S]*?)\{\{< \/tab >\}\}/g, "\n```$1\n$2\n```\n");
  if (style === "hugo")
    text = text.replace(/\{\{[<%]\s*\/?\s*([a-zA-Z-]+)[^}]*[>%]\}\}/g, (_m, name: string) => (name === "required" ? "**Required**" : ""));
  if (style === "docusaurus")
    text = dropComponents(endpointComponents(docusaurusComponents(dedentMdx(text.replace(/^(?:import|export) .*$/gm, "")))));
  if (style === "mintlify") text = mintlifyComponents(text);
  if (style === "gatsby") text = gatsbyComponents(text);
  if (style === "vuepress")
    text = vuepressComponents(text, samples)
      .replace(/<template v-slot:([\w-]+)>/g, '<div class="tab" data-tab="$1">')
      .replaceAll("</template>", "</div>")
      .replace(/<Tabs[^>]*>/g, '<div class="tabs">')
      .replaceAll("</Tabs>", "</div>");
  if (style === "gitbook") text = gitbookBlocks(text);
  if (style === "jekyll" || style === "nanoc" || style === "html") text = text.replace(/\{%[^%]*%\}/g, "").replace(/\{:[^}]*\}/g, "");
  // Healthchecks' documentation view puts its own addresses where its fragments say SITE_ROOT, PING_ENDPOINT … (hc/front/views.py).
  if (style === "html") for (const [from, to] of HEALTHCHECKS_PLACEHOLDERS) text = text.replaceAll(from, to);
  if (style === "hugo" || style === "mkdocs" || style === "jekyll" || style === "nanoc" || style === "vuepress" || style === "docusaurus")
    text = definitionLists(text);
  return text;
}

/** Expressive Code, Starlight's code blocks: a framed figure, one div per line, the code again on the copy button. */
function expressiveCode(html: string): string {
  return html.replace(
    /<pre><code(?: class="language-([\w-]+)")?>([\s\S]*?)<\/code><\/pre>/g,
    (_m, lang: string | undefined, code: string) => {
      const lines = code.replace(/\n$/, "").split("\n");
      const copy = lines.join("\u007f").replaceAll('"', "&quot;");
      return `<div class="expressive-code"><figure class="frame not-content"><figcaption class="header"></figcaption><pre data-language="${lang ?? "plaintext"}"><code>${lines.map((l) => `<div class="ec-line"><div class="code">${l}</div></div>`).join("")}</code></pre><div class="copy"><button title="Copy to clipboard" data-copied="Copied!" data-code="${copy}"><div></div></button></div></figure></div>`;
    },
  );
}

/**
 * A page's file name: its file's folder and name (`v4-all.html`), with more of its path where two files would share that.
 * Hand-written HTML keeps its own name (`guide.html`), which its pages' links were written against.
 */
function pageName(entry: SiteEntry, file: string, i: number): string {
  if (i === 0) return "index.html";
  const named = (f: string, depth: number) =>
    `${f
      .split("/")
      .slice(-depth)
      .join("-")
      .replace(/\.(md|mdx|html-fragment|html\.md|html)$/, "")
      .replace(/^_/, "")}.html`;
  const shared = (depth: number) => entry.files.some((other) => other !== file && named(other, depth) === named(file, depth));
  let depth = entry.style === "html" ? 1 : 2;
  while (depth < file.split("/").length && shared(depth)) depth++;
  return named(file, depth);
}

/** Slate's index.html.md names its includes in its front matter; they are appended as Slate does (`includes/_name.md`, or
 * `_includes/name.md` where Slate is built by Eleventy). */
function slateSource(entry: SiteEntry, file: string, text: string): string {
  const head = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const names: unknown = (parseYaml(head) as { includes?: unknown } | null)?.includes ?? [];
  const parts = (Array.isArray(names) ? names : [])
    .flatMap((n) => [join(dirname(file), "includes", `_${String(n)}.md`), join(dirname(file), "_includes", String(n))])
    .filter((f) => entry.files.includes(f));
  return [text, ...parts.map((p) => frontMatter(sourceOf(entry, p)).body)].join("\n\n");
}

/** Markdown-style sites: every listed file one page, in the generator's layout, the first as the start page. */
async function renderMarkdown(entry: SiteEntry, dir: string): Promise<string[]> {
  const files = entry.style === "slate" ? entry.files.slice(0, 1) : entry.files;
  const pages = files.map((file, i) => {
    const raw = entry.django
      ? djangoTemplate(entry, file, sourceOf(entry, file), entry.django)
      : entry.twig
        ? twigTemplate(entry, sourceOf(entry, file))
        : entry.ejs
          ? ejsView(entry, file).trimStart()
          : sourceOf(entry, file);
    const { title, api, body } = frontMatter(entry.style === "slate" ? slateSource(entry, file, raw) : raw);
    const heading = title ?? /^#\s+(.+)$/m.exec(body)?.[1] ?? basename(file);
    return {
      name: pageName(entry, file, i),
      title: heading,
      body: entry.style === "mintlify" && api ? mintlifyEndpoint(api) + body : body,
    };
  });
  const nav: NavLink[] = pages.map((p) => ({ href: p.name, text: p.title }));
  const samples: Record<string, string> = entry.samples ? (parseYaml(sourceOf(entry, entry.samples)) ?? {}) : {};
  for (const page of pages) {
    const parsed = entry.style === "html" ? page.body : await marked.parse(preprocess(entry.style, page.body, samples), { gfm: true });
    const content = entry.style === "starlight" ? expressiveCode(parsed) : parsed;
    // A hand-written page that is a whole document is served as it is.
    const whole = entry.style === "html" && /^\s*<(?:!doctype|html)/i.test(content);
    const html = whole
      ? content
      : SHELLS[entry.style](`${page.title} - ${entry.name}`, entry.style === "html" ? preprocess("html", content) : content, nav);
    await writeFile(join(dir, page.name), html);
  }
  return pages.map((p) => p.name);
}

/** Writes the listed files under `src`, keeping their paths relative to their common folder. */
async function copySources(entry: SiteEntry, src: string): Promise<string[]> {
  const common = entry.files
    .map((f) => dirname(f))
    .reduce((a, b) => {
      const [x, y] = [a.split("/"), b.split("/")];
      let k = 0;
      while (k < x.length && x[k] === y[k]) k++;
      return x.slice(0, k).join("/");
    });
  const written: string[] = [];
  for (const file of entry.files) {
    const rel = common ? relative(common, file) : file;
    await mkdir(join(src, dirname(rel)), { recursive: true });
    await writeFile(join(src, rel), sourceOf(entry, file));
    written.push(rel);
  }
  return written;
}

/** MkDocs sites: the real mkdocs (Debian's package), its built-in theme, the usual Markdown extensions. */
async function renderMkdocs(entry: SiteEntry, dir: string, work: string): Promise<void> {
  const docs = join(work, "docs");
  const files = await copySources(entry, docs);
  const nav = files.map((f) => `  - '${basename(f, ".md")}': '${f}'`).join("\n");
  const config = `site_name: ${entry.name}\nuse_directory_urls: false\ntheme:\n  name: mkdocs\nmarkdown_extensions:\n  - tables\n  - def_list\n  - admonition\n  - fenced_code\n  - attr_list\n  - toc:\n      permalink: true\nnav:\n${nav}\n`;
  await writeFile(join(work, "mkdocs.yml"), config);
  execFileSync("/usr/bin/mkdocs", ["build", "-q", "-f", join(work, "mkdocs.yml"), "-d", dir], { stdio: "pipe" });
  await mkdocsStartPage(entry, dir, files);
}

/** MkDocs sites on the Material theme: the real mkdocs with Debian's mkdocs-material and pymdownx, and the extensions such sites use (content tabs, superfences, details). */
async function renderMkdocsMaterial(entry: SiteEntry, dir: string, work: string): Promise<void> {
  const docs = join(work, "docs");
  const files = await copySources(entry, docs);
  const nav = files.map((f) => `  - '${basename(f, ".md")}': '${f}'`).join("\n");
  const extensions = [
    "admonition",
    "meta",
    "tables",
    "def_list",
    "attr_list",
    "md_in_html",
    "toc:\n      permalink: true",
    "pymdownx.details",
    "pymdownx.superfences",
    "pymdownx.highlight",
    "pymdownx.tabbed:\n      alternate_style: true",
    "pymdownx.tasklist",
  ];
  const config = `site_name: ${entry.name}\nuse_directory_urls: false\ntheme:\n  name: material\n  features:\n    - navigation.sections\n    - toc.integrate\n    - content.tabs.link\nmarkdown_extensions:\n${extensions.map((e) => `  - ${e}`).join("\n")}\nnav:\n${nav}\n`;
  await writeFile(join(work, "mkdocs.yml"), config);
  execFileSync("/usr/bin/mkdocs", ["build", "-q", "-f", join(work, "mkdocs.yml"), "-d", dir], { stdio: "pipe" });
  await mkdocsStartPage(entry, dir, files);
}

/** AsciiDoc sites: the real asciidoctor (Debian's package), one page per file, the start page carrying the site's navigation as Antora's does. */
async function renderAsciidoc(entry: SiteEntry, dir: string, work: string): Promise<void> {
  const files = await copySources(entry, work);
  const pages = files.map((f) => f.replace(/\.adoc$/, ".html"));
  execFileSync(
    "/usr/bin/asciidoctor",
    ["-q", "-a", "toc", "-a", "sectanchors", "-a", "idprefix=_", "-R", work, "-D", dir, ...files.map((f) => join(work, f))],
    { stdio: "pipe" },
  );
  const first = join(dir, pages[0]);
  const nav = `<nav class="nav-menu"><ul>${pages.map((p) => `<li><a href="${relative(dirname(pages[0]), p)}">${escape(basename(p, ".html"))}</a></li>`).join("")}</ul></nav>`;
  await writeFile(first, (await readFile(first, "utf8")).replace(/<body([^>]*)>/, `<body$1>\n${nav}`));
  if (pages[0] !== "index.html") await writeStartPage(entry, dir, pages[0], nav.replaceAll('href="', `href="${dirname(pages[0])}/`));
}

/** A site's address answers its first page, as a documentation site's home does: a page that sends browsers on and links every page. */
async function writeStartPage(entry: SiteEntry, dir: string, first: string, nav: string): Promise<void> {
  await writeFile(
    join(dir, "index.html"),
    `<!doctype html><html><head><meta http-equiv="refresh" content="0; url=${first}"><title>${escape(entry.name)}</title></head><body>${nav}</body></html>`,
  );
}

/** After an MkDocs build of sources with no index page: the start page, linking the pages in their nav order. */
async function mkdocsStartPage(entry: SiteEntry, dir: string, files: string[]): Promise<void> {
  if (existsSync(join(dir, "index.html"))) return;
  const pages = files.map((f) => f.replace(/\.md$/, ".html"));
  await writeStartPage(
    entry,
    dir,
    pages[0],
    `<nav><ul>${pages.map((p) => `<li><a href="${p}">${escape(basename(p, ".html"))}</a></li>`).join("")}</ul></nav>`,
  );
}

/** A site's own tab directives (OctoPrint's md-tab-set / md-tab-item), rendered as the containers they are. */
const SITE_DIRECTIVES = `
from docutils.parsers.rst.directives.body import Container
class Tab(Container):
    optional_arguments = 1
    final_argument_whitespace = True
    def run(self):
        self.arguments = []
        return super().run()
def setup(app):
    app.add_directive("md-tab-set", Tab)
    app.add_directive("md-tab-item", Tab)
`;

/** Sphinx sites: the real sphinx-build with sphinxcontrib-httpdomain, sphinx-tabs and sphinx-prompt (Debian's packages), an index listing every page. */
async function renderSphinx(entry: SiteEntry, dir: string, work: string): Promise<void> {
  const files = await copySources(entry, work);
  const toctree = files.map((f) => `   ${f.replace(/\.rst$/, "")}`).join("\n");
  await writeFile(
    join(work, "index.rst"),
    `${entry.name}\n${"=".repeat(entry.name.length)}\n\n.. toctree::\n   :maxdepth: 2\n\n${toctree}\n`,
  );
  await writeFile(
    join(work, "conf.py"),
    `project = ${JSON.stringify(entry.name)}\nextensions = ["sphinxcontrib.httpdomain", "sphinx_tabs.tabs", "sphinx-prompt"]\nhtml_theme = "alabaster"\nmaster_doc = "index"\nsuppress_warnings = ["toc", "ref", "misc"]\n${SITE_DIRECTIVES}`,
  );
  execFileSync("/usr/bin/sphinx-build", ["-q", "-b", "html", work, dir], { stdio: "pipe" });
}

/** Pages a documentation generator adds beside the content (its search page, index, 404, route table). */
const GENERATOR_PAGES = ["genindex.html", "search.html", "404.html", "http-routingtable.html"];
const GENERATED = new Set(["mkdocs", "mkdocs-material", "asciidoc", "sphinx", "sphinx-http"]);

/** All HTML pages under a folder, relative to it: a generator's own pages left out (a Markdown site's `search.md` is content). */
async function htmlPages(dir: string, style: string): Promise<string[]> {
  const found: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = relative(dir, join(e.parentPath, e.name));
    if (e.isFile() && path.endsWith(".html") && !path.startsWith("_") && !(GENERATED.has(style) && GENERATOR_PAGES.includes(path)))
      found.push(path);
  }
  return found.sort();
}

/** Renders one site (reused while its entry and this script are unchanged). */
export async function renderSite(entry: SiteEntry): Promise<RenderedSite> {
  const dir = join(OUT, entry.name);
  const stamp = JSON.stringify({
    entry,
    RENDER_VERSION,
    shells: (await readFile(join(import.meta.dirname, "shells.ts"), "utf8")).length,
    me: (await readFile(join(import.meta.dirname, "render.ts"), "utf8")).length,
  });
  const stampFile = join(OUT, `${entry.name}.stamp`);
  if (existsSync(stampFile) && (await readFile(stampFile, "utf8")) === stamp)
    return { entry, dir, pages: await htmlPages(dir, entry.style), cached: true };
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const work = join(OUT, ".work", entry.name);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    if (entry.style === "mkdocs") await renderMkdocs(entry, dir, work);
    else if (entry.style === "mkdocs-material") await renderMkdocsMaterial(entry, dir, work);
    else if (entry.style === "asciidoc") await renderAsciidoc(entry, dir, work);
    else if (entry.style === "sphinx" || entry.style === "sphinx-http") await renderSphinx(entry, dir, work);
    else await renderMarkdown(entry, dir);
    await writeFile(stampFile, stamp);
    return { entry, dir, pages: await htmlPages(dir, entry.style), cached: false };
  } catch (err) {
    const e = err as Error & { stderr?: Buffer };
    return { entry, dir, pages: [], cached: false, error: `${e.message.split("\n")[0]} ${e.stderr?.toString().slice(0, 300) ?? ""}` };
  }
}

/** The manifest's sites. */
export async function loadManifest(): Promise<SiteEntry[]> {
  return JSON.parse(await readFile(join(import.meta.dirname, "manifest.json"), "utf8"));
}

export { escape };
