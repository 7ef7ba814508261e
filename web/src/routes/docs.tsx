// /docs: the documentation, readable without signing in (outside the _authed guard).
import { createFileRoute } from "@tanstack/react-router";
import { DocsLayout } from "@/features/docs/docs-layout";

export const Route = createFileRoute("/docs")({
  component: DocsLayout,
});
