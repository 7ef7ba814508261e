// /docs/{page}: one documentation page; an unknown page is the 404 page.
import { createFileRoute, notFound } from "@tanstack/react-router";
import { docPage } from "@/features/docs/page-list";
import { DOC_PAGE_CONTENT } from "@/features/docs/pages";
import { usePageTitle } from "@/lib/page-title";

export const Route = createFileRoute("/docs/$page")({
  loader: ({ params }) => {
    const page = docPage(params.page);
    if (!page) throw notFound();
    return { slug: page.slug };
  },
  component: function DocsPage() {
    const { slug } = Route.useLoaderData();
    usePageTitle(`${docPage(slug)!.title} · Docs`);
    const Content = DOC_PAGE_CONTENT[slug];
    return <Content />;
  },
});
