// The docs pages' slugs, titles and summaries: what the /docs/{page} route checks before it loads and
// what the navigation lists, without the pages themselves (pages.tsx, loaded with the page).
export const DOC_PAGES = [
  { slug: "getting-started", title: "Getting started", summary: "Add a server from a URL, a file or a docs site; configure auth; deploy." },
  {
    slug: "connecting-clients",
    title: "Connecting clients",
    summary: "Claude, ChatGPT, VS Code and Cursor by URL with OAuth sign-in; tokens, the MCP Inspector and any Streamable HTTP client.",
  },
  { slug: "authentication", title: "Authentication", summary: "Managed versus passthrough authentication, and static parameters." },
  { slug: "plans", title: "Plans and limits", summary: "What each plan allows and what happens at a limit." },
  {
    slug: "try-and-check",
    title: "Try and check a server",
    summary: "Run a tool from the portal, check the API before deploying, and see what a model is shown.",
  },
  {
    slug: "call-log",
    title: "Call log",
    summary: "Every tool call: outcome, latency and errors per tool; retention and payload recording.",
  },
  { slug: "re-crawls", title: "Automated re-crawls", summary: "Keep servers made from documentation up to date." },
  {
    slug: "automate",
    title: "Automate with the API",
    summary: "API keys, pushing descriptions from CI with curl, a GitHub Actions workflow, and URL sync.",
  },
  { slug: "security", title: "Security model", summary: "Tokens, secrets, isolation and what leaves your organization." },
  { slug: "self-hosting", title: "Self-hosting", summary: "Run Toolport locally and deploy it to your Cloudflare account." },
  { slug: "api-reference", title: "API reference", summary: "Every call of Toolport's own API, from /api/openapi.json." },
] as const;

export type DocSlug = (typeof DOC_PAGES)[number]["slug"];

export const docPage = (slug: string) => DOC_PAGES.find((p) => p.slug === slug);
