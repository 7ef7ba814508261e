// The router: context { queryClient, auth }, intent preloading with React Query owning the cache.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { profileQuery, toastAuthCheckFailed } from "@/api/auth";
import { setUnauthorizedHandler } from "@/api/client";
import { createQueryClient } from "@/lib/query-client";
import { routeTree } from "./route-tree.gen";
import type { AuthContext } from "./router-context";

/** Builds the app's router; tests pass a memory history and their own query client. */
export function createAppRouter({
  queryClient = createQueryClient(),
  history,
}: { queryClient?: QueryClient; history?: RouterHistory } = {}) {
  const auth: AuthContext = {
    ensureUser: async () => {
      try {
        return await queryClient.ensureQueryData(profileQuery);
      } catch (error) {
        toastAuthCheckFailed(error);
        return null;
      }
    },
  };
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth },
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
  setUnauthorizedHandler({
    current: () => router.state.location,
    goToLogin: (from) => {
      queryClient.setQueryData(profileQuery.queryKey, null);
      void router.navigate({ to: "/login", search: { redirect: from } });
    },
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
