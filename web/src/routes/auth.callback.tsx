// /auth/callback: where the sign-in provider sends the user back.
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuthCallbackPage } from "@/features/auth/auth-callback-page";

const search = z.object({
  redirect: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

export const Route = createFileRoute("/auth/callback")({
  validateSearch: search,
  component: function AuthCallbackRoute() {
    const { redirect, error, error_description } = Route.useSearch();
    return <AuthCallbackPage redirect={redirect} error={error} errorDescription={error_description} />;
  },
});
