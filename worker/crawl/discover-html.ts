// What a documentation page says about its OpenAPI description: the URL given to a viewer (Redoc,
// Swagger UI, Scalar, Stoplight Elements, RapiDoc), download links, and links to API reference pages.
// Attributes are read with HTMLRewriter; inline and initializer JavaScript with a linear scanner.

export type PageOffers = {
  /** Description URLs named by viewers and download links, most explicit first. */
  specs: string[];
  /** Scripts that configure Swagger UI beside the page (swagger-initializer.js). */
  scripts: string[];
  /** Pages the start page names as its API reference. */
  references: string[];
};

/** HTML beyond this many characters is not scanned. */
export const MAX_SCAN_CHARS = 2 * 1024 * 1024;
/** Characters after a viewer's call (SwaggerUIBundle(…)) searched for its `url`. */
const CALL_WINDOW = 32_000;
const MAX_URL_CHARS = 2048;
const MAX_PER_KIND = 10;

const VIEWER_ATTRIBUTES: [string, string][] = [
  ["redoc", "spec-url"],
  ["rapi-doc", "spec-url"],
  ["rapi-doc-mini", "spec-url"],
  ["elements-api", "apiDescriptionUrl"],
  ["openapi-explorer", "spec-url"],
  ["script#api-reference", "data-url"],
];
const VIEWER_CALLS = ["SwaggerUIBundle(", "SwaggerUI(", "Redoc.init(", "createApiReference("];
const DESCRIPTION_FILE = /\.(json|ya?ml)$/i;
const SPEC_WORDS = /openapi|swagger|api[-_ ]?spec|api[-_ ]?description|api[-_ ]?definition|download/i;
const REFERENCE_WORDS = /reference|api[-_ ]?docs|redoc|swagger|openapi/i;
/** Links that name the API reference outright are read before those that only mention a reference. */
const STRONG_REFERENCE = /api[-_ ]?reference|redoc|swagger|openapi/i;

const decode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&#x2F;", "/").trim();

const isIdentifierChar = (ch: string | undefined) => !!ch && /[\w$]/.test(ch);

/** The string literal starting at `at` (after whitespace), or null. */
function literalAt(text: string, at: number): string | null {
  let i = at;
  while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\t" || text[i] === "\r")) i++;
  const quote = text[i];
  if (quote !== '"' && quote !== "'" && quote !== "`") return null;
  const end = text.indexOf(quote, i + 1);
  if (end < 0 || end - i > MAX_URL_CHARS) return null;
  const value = text.slice(i + 1, end);
  return value.includes("${") || value.includes("\n") ? null : value.trim() || null;
}

/** `url: "…"` values (also `"url": "…"`, `url = "…"` is not) within text[from, to). */
function urlProperties(text: string, from: number, to: number): string[] {
  const found: string[] = [];
  for (let i = text.indexOf("url", from); i >= 0 && i < to && found.length < MAX_PER_KIND; i = text.indexOf("url", i + 3)) {
    const before = text[i - 1] === '"' || text[i - 1] === "'" ? text[i - 2] : text[i - 1];
    if (isIdentifierChar(before)) continue;
    let j = i + 3;
    if (text[j] === '"' || text[j] === "'") j++;
    while (text[j] === " " || text[j] === "\t") j++;
    if (text[j] !== ":") continue;
    const value = literalAt(text, j + 1);
    if (value) found.push(value);
  }
  return found;
}

/** Description URLs configured in JavaScript: Swagger UI's url/urls, Redoc.init's first argument, Scalar's url. */
export function scriptSpecUrls(text: string): string[] {
  const source = text.slice(0, MAX_SCAN_CHARS);
  const found: string[] = [];
  for (const call of VIEWER_CALLS) {
    for (let at = source.indexOf(call); at >= 0 && found.length < MAX_PER_KIND; at = source.indexOf(call, at + call.length)) {
      const open = at + call.length;
      if (call === "Redoc.init(") {
        const first = literalAt(source, open);
        if (first) found.push(first);
        continue;
      }
      found.push(...urlProperties(source, open, Math.min(source.length, open + CALL_WINDOW)));
    }
  }
  return found;
}

/** Scalar's older `data-configuration` JSON names the description as spec.url or url. */
function configurationUrl(json: string): string | null {
  try {
    const config = JSON.parse(json.slice(0, 100_000)) as { url?: unknown; spec?: { url?: unknown } };
    const url = config?.spec?.url ?? config?.url;
    return typeof url === "string" ? url : null;
  } catch {
    return null;
  }
}

/** Reads a page's offers; every URL is absolute, resolved against the page's URL. */
export async function scanPage(html: string, pageUrl: string): Promise<PageOffers> {
  const viewer: string[] = [];
  const downloads: string[] = [];
  const scripts: string[] = [];
  const references: string[] = [];
  const strongReferences: string[] = [];
  let anchor: { href: string; text: string; download: boolean } | null = null;
  const finishAnchor = () => {
    if (!anchor) return;
    const { href, text, download } = anchor;
    anchor = null;
    const path = href.split(/[?#]/, 1)[0];
    if (DESCRIPTION_FILE.test(path) && (download || SPEC_WORDS.test(`${path} ${text}`))) downloads.push(href);
    else if (STRONG_REFERENCE.test(text) || STRONG_REFERENCE.test(path)) strongReferences.push(href);
    else if (REFERENCE_WORDS.test(text) || REFERENCE_WORDS.test(path)) references.push(href);
  };
  let rewriter = new HTMLRewriter();
  for (const [selector, attribute] of VIEWER_ATTRIBUTES) {
    rewriter = rewriter.on(selector, {
      element(el) {
        const value = el.getAttribute(attribute) ?? el.getAttribute(attribute.toLowerCase());
        if (value) viewer.push(decode(value));
      },
    });
  }
  rewriter = rewriter
    .on("script#api-reference[data-configuration]", {
      element(el) {
        const url = configurationUrl(decode(el.getAttribute("data-configuration") ?? ""));
        if (url) viewer.push(url);
      },
    })
    .on("script[src]", {
      element(el) {
        const src = decode(el.getAttribute("src") ?? "");
        if (/swagger-initializer|swagger-config|redoc-init|api-reference-init/i.test(src.split("?", 1)[0])) scripts.push(src);
      },
    })
    .on('link[rel="alternate"]', {
      element(el) {
        const type = el.getAttribute("type") ?? "";
        const href = el.getAttribute("href");
        if (href && /openapi|swagger/i.test(type)) viewer.push(decode(href));
      },
    })
    .on("a[href]", {
      element(el) {
        finishAnchor();
        anchor = { href: decode(el.getAttribute("href") ?? ""), text: "", download: el.hasAttribute("download") };
        try {
          el.onEndTag(finishAnchor);
        } catch {
          // No end tag to wait for: the next anchor or the end of the page finishes it.
        }
      },
      text(chunk) {
        if (anchor && anchor.text.length < 200) anchor.text += chunk.text;
      },
    });
  const source = html.slice(0, MAX_SCAN_CHARS);
  await rewriter.transform(new Response(source)).arrayBuffer();
  finishAnchor();
  const absolute = (list: string[]) => {
    const out: string[] = [];
    for (const raw of list) {
      try {
        const url = new URL(raw, pageUrl);
        if ((url.protocol === "http:" || url.protocol === "https:") && !out.includes(url.href)) out.push(url.href);
      } catch {
        // A malformed URL is no offer.
      }
      if (out.length >= MAX_PER_KIND) break;
    }
    return out;
  };
  const specs = absolute([...viewer, ...scriptSpecUrls(source), ...downloads]);
  return { specs, scripts: absolute(scripts), references: absolute([...strongReferences, ...references]) };
}
