// /docs/{page}: one documentation page; an unknown page is the 404 page.
import { createFileRoute, notFound } from "@tanstack/react-router";
import { docPage } from "@/features/docs/pages";

export const Route = createFileRoute("/docs/$page")({
  loader: ({ params }) => {
    const page = docPage(params.page);
    if (!page) throw notFound();
    return { slug: page.slug };
  },
  component: function DocsPage() {
    const { slug } = Route.useLoaderData();
    const { Component } = docPage(slug)!;
    return <Component />;
  },
});
