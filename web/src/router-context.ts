// What every route's loader and guard receives: the query client, and how to learn who is signed in.
import type { QueryClient } from "@tanstack/react-query";
import type { User } from "@/api/auth";

export type AuthContext = { ensureUser: () => Promise<User | null> };
export type RouterContext = { queryClient: QueryClient; auth: AuthContext };
