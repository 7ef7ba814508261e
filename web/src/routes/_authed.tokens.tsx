// /tokens: Access Tokens.
import { createFileRoute } from "@tanstack/react-router";
import { tokensQuery } from "@/api/tokens";
import { TokensPage } from "@/features/tokens/tokens-page";

export const Route = createFileRoute("/_authed/tokens")({
  loader: ({ context }) => void context.queryClient.prefetchQuery(tokensQuery),
  component: TokensPage,
});
