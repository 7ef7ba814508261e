// /docs/{page}: one documentation page; an unknown page is the 404 page.
import { createFileRoute, notFound } from "@tanstack/react-router";
import { docPage } from "@/features/docs/pages";
import { usePageTitle } from "@/lib/page-title";

export const Route = createFileRoute("/docs/$page")({
  loader: ({ params }) => {
    const page = docPage(params.page);
    if (!page) throw notFound();
    return { slug: page.slug };
  },
  component: function DocsPage() {
    const { slug } = Route.useLoaderData();
    const { Component, title } = docPage(slug)!;
    usePageTitle(`${title} · Docs`);
    return <Component />;
  },
});
