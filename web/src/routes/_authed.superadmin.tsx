// /superadmin: MCP Server Management, superusers only; others see Access Denied.
import { createFileRoute } from "@tanstack/react-router";
import { adminServersQuery } from "@/api/superadmin";
import { AccessDenied } from "@/components/layout/access-denied";
import { SuperadminPage } from "@/features/superadmin/superadmin-page";

export const Route = createFileRoute("/_authed/superadmin")({
  loader: ({ context }) => {
    if (context.user.superUser) void context.queryClient.prefetchQuery(adminServersQuery);
  },
  component: function SuperadminRoute() {
    const { user } = Route.useRouteContext();
    return user.superUser ? <SuperadminPage /> : <AccessDenied />;
  },
});
