// Renders the real app (router, query client) on a memory history against a stubbed fetch.
import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import { createAppRouter } from "@/router";

/** A fixed answer, or a function answering each call (e.g. one that never answers). */
type Answer = { status?: number; body?: unknown } | (() => Promise<Response>);
export type Routes = Record<string, Answer>;

/** Stubs fetch: keys are "METHOD /path"; unknown calls answer 404. Answers a log of the calls. */
export function mockApi(routes: Routes) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = new URL(input, "http://localhost").pathname;
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = routes[`${method} ${path}`];
      if (typeof answer === "function") return answer();
      if (!answer) return Response.json({ success: false, error: "Not found" }, { status: 404 });
      return Response.json(answer.body ?? null, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}

export const ok = (data?: unknown) => ({ body: { success: true, data } });
export const fail = (status: number, error: string) => ({ status, body: { success: false, error } });
/** A request that never answers, to hold a page in its loading state. */
export const never = () => new Promise<never>(() => {});

export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, queryClient };
}
