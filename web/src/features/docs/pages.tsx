// The docs pages' content by slug (their titles and summaries: page-list.ts). Code samples are files
// under docs/examples that tests run.
import type { ComponentType } from "react";
import { ApiReference } from "./api-reference";
import { AutomatePage } from "./automate-page";
import { CallLogPage } from "./call-log-page";
import { AuthPage, ClientsPage, GettingStartedPage } from "./guide-pages";
import { PlansPage, RecrawlsPage, SecurityPage, SelfHostingPage } from "./operate-pages";
import { TryItPage } from "./try-it-page";
import type { DocSlug } from "./page-list";

export const DOC_PAGE_CONTENT: Record<DocSlug, ComponentType> = {
  "getting-started": GettingStartedPage,
  "connecting-clients": ClientsPage,
  authentication: AuthPage,
  plans: PlansPage,
  "try-and-check": TryItPage,
  "call-log": CallLogPage,
  "re-crawls": RecrawlsPage,
  automate: AutomatePage,
  security: SecurityPage,
  "self-hosting": SelfHostingPage,
  "api-reference": ApiReference,
};
