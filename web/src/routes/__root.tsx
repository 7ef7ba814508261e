// Root route: the outlet, the toaster (top-right, 5 s) and the 404 page.
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Toaster } from "@/components/ui/sonner";
import { NotFoundPage } from "@/components/layout/not-found-page";
import type { RouterContext } from "@/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster position="top-right" duration={5000} closeButton />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
