// /docs: the overview, one card per page.
import { createFileRoute, Link } from "@tanstack/react-router";
import { DOC_PAGES } from "@/features/docs/page-list";
import { H1, Lead } from "@/features/docs/prose";
import { usePageTitle } from "@/lib/page-title";

export const Route = createFileRoute("/docs/")({
  component: function DocsOverview() {
    usePageTitle("Documentation");
    return (
      <>
        <H1>Toolport documentation</H1>
        <Lead>
          Toolport turns any API into a hosted MCP server: give it an OpenAPI description or a documentation site, choose authentication and
          tools, deploy, and connect any MCP client.
        </Lead>
        <div className="grid gap-3 sm:grid-cols-2">
          {DOC_PAGES.map((page) => (
            <Link
              key={page.slug}
              to="/docs/$page"
              params={{ page: page.slug }}
              className="rounded-lg border bg-background p-4 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <h2 className="font-medium">{page.title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{page.summary}</p>
            </Link>
          ))}
        </div>
      </>
    );
  },
});
