// The docs pages: slug, title and content. Code samples are files under docs/examples that tests run.
import type { ComponentType } from "react";
import { ApiReference } from "./api-reference";
import { AutomatePage } from "./automate-page";
import { CallLogPage } from "./call-log-page";
import { AuthPage, ClientsPage, GettingStartedPage } from "./guide-pages";
import { PlansPage, RecrawlsPage, SecurityPage, SelfHostingPage } from "./operate-pages";
import { TryItPage } from "./try-it-page";

export type DocPage = { slug: string; title: string; summary: string; Component: ComponentType };

export const DOC_PAGES: DocPage[] = [
  {
    slug: "getting-started",
    title: "Getting started",
    summary: "Add a server from a URL, a file or a docs site; configure auth; deploy.",
    Component: GettingStartedPage,
  },
  {
    slug: "connecting-clients",
    title: "Connecting clients",
    summary: "Claude, ChatGPT, VS Code and Cursor by URL with OAuth sign-in; tokens, the MCP Inspector and any Streamable HTTP client.",
    Component: ClientsPage,
  },
  {
    slug: "authentication",
    title: "Authentication",
    summary: "Managed versus passthrough authentication, and static parameters.",
    Component: AuthPage,
  },
  { slug: "plans", title: "Plans and limits", summary: "What each plan allows and what happens at a limit.", Component: PlansPage },
  {
    slug: "try-and-check",
    title: "Try and check a server",
    summary: "Run a tool from the portal, check the API before deploying, and see what a model is shown.",
    Component: TryItPage,
  },
  {
    slug: "call-log",
    title: "Call log",
    summary: "Every tool call: outcome, latency and errors per tool; retention and payload recording.",
    Component: CallLogPage,
  },
  { slug: "re-crawls", title: "Automated re-crawls", summary: "Keep servers made from documentation up to date.", Component: RecrawlsPage },
  {
    slug: "automate",
    title: "Automate with the API",
    summary: "API keys, pushing descriptions from CI with curl, a GitHub Actions workflow, and URL sync.",
    Component: AutomatePage,
  },
  {
    slug: "security",
    title: "Security model",
    summary: "Tokens, secrets, isolation and what leaves your organization.",
    Component: SecurityPage,
  },
  {
    slug: "self-hosting",
    title: "Self-hosting",
    summary: "Run Toolport locally and deploy it to your Cloudflare account.",
    Component: SelfHostingPage,
  },
  {
    slug: "api-reference",
    title: "API reference",
    summary: "Every call of Toolport's own API, from /api/openapi.json.",
    Component: ApiReference,
  },
];

export const docPage = (slug: string) => DOC_PAGES.find((p) => p.slug === slug);
