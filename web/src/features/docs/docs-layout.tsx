// The docs' frame: a top bar like the portal's, the page list (a wrapped row on small screens) and the page.
import { Link, Outlet } from "@tanstack/react-router";
import { ArrowRight } from "@/components/icons";
import { Logo } from "@/components/layout/logo";
import { Button } from "@/components/ui/button";
import { DOC_PAGES } from "./page-list";

const linkClass =
  "block rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

function DocsNav() {
  return (
    <nav aria-label="Documentation" className="flex flex-wrap gap-1 md:flex-col">
      <Link
        to="/docs"
        className={linkClass}
        activeOptions={{ exact: true }}
        activeProps={{ className: "bg-accent font-medium text-foreground", "aria-current": "page" }}
      >
        Overview
      </Link>
      {DOC_PAGES.map((page) => (
        <Link
          key={page.slug}
          to="/docs/$page"
          params={{ page: page.slug }}
          className={linkClass}
          activeProps={{ className: "bg-accent font-medium text-foreground", "aria-current": "page" }}
        >
          {page.title}
        </Link>
      ))}
    </nav>
  );
}

export function DocsLayout() {
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="fixed inset-x-0 top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
        <Link to="/docs" className="rounded-md" aria-label="Toolport documentation">
          <Logo />
        </Link>
        <span className="text-sm text-muted-foreground">Docs</span>
        <Button variant="outline" size="sm" className="ml-auto" asChild>
          <Link to="/">
            Open the portal <ArrowRight />
          </Link>
        </Button>
      </header>
      <aside className="border-b bg-background px-3 pt-16 pb-3 md:fixed md:top-14 md:bottom-0 md:left-0 md:w-60 md:overflow-y-auto md:border-r md:border-b-0 md:pt-4">
        <DocsNav />
      </aside>
      <main className="px-4 pt-6 pb-16 sm:px-6 md:ml-60 md:pt-20 lg:px-8">
        <article className="mx-auto max-w-3xl">
          <Outlet />
        </article>
      </main>
    </div>
  );
}
