// TanStack Query defaults: retry once, no refetch on window focus.
import { QueryClient } from "@tanstack/react-query";

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
