// Sign-in: the profile query, the built-in email-and-password calls, and the login/logout navigations.
import { queryOptions } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, ApiError, call, errorMessage } from "./client";
import type { z } from "zod";
import type { profile } from "../../../worker/auth/schemas";

export type User = z.output<typeof profile>;

/** The signed-in user, or null when the profile answers 401. */
export const profileQuery = queryOptions({
  queryKey: ["auth", "profile"],
  queryFn: async (): Promise<User | null> => {
    try {
      return await call(api.auth.profile.$get(), "Authentication error", { skipUnauthorizedRedirect: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
  staleTime: 60_000,
});

/** An auth check that fails other than with 401 says so, once however many places check. */
export const toastAuthCheckFailed = (error: unknown) =>
  toast.error("Authentication error", { id: "auth-check", description: errorMessage(error, "Could not check your sign-in") });

export type Credentials = { email: string; password: string; name?: string };

/** Built-in accounts: signs up or in; only signing in answers with the session cookie. */
export const passwordSignIn = (mode: "sign-in" | "sign-up", credentials: Credentials) =>
  mode === "sign-up"
    ? call(api.auth["sign-up"].email.$post({ json: { ...credentials, name: credentials.name ?? "" } }), "Sign up failed", {
        skipUnauthorizedRedirect: true,
      })
    : call(api.auth["sign-in"].email.$post({ json: credentials }), "Sign in failed", { skipUnauthorizedRedirect: true });

export const SIGN_UP_NOT_SIGNED_IN =
  "We could not sign you in with this email and password. If you already have an account, sign in with its password instead.";

/**
 * Signs up, then signs in with the same credentials. Sign-up answers alike whether or not the email
 * already has an account (so it tells nobody which emails do); only the sign-in shows it worked.
 */
export async function passwordSignUp(credentials: Credentials) {
  await passwordSignIn("sign-up", credentials);
  try {
    return await passwordSignIn("sign-in", { email: credentials.email, password: credentials.password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new Error(SIGN_UP_NOT_SIGNED_IN);
    throw error;
  }
}

/** How this portal signs people in; the built-in form opens without a round trip through /api/auth/login. */
export const signInMethodQuery = queryOptions({
  queryKey: ["auth", "sign-in-method"],
  queryFn: () => call(api.auth["sign-in-method"].$get(), "Could not read the sign-in method", { skipUnauthorizedRedirect: true }),
  retry: false,
  staleTime: Infinity,
});

/** Starts sign-in: the OIDC provider, or the built-in form when none is configured. */
export function startLogin(redirect?: string) {
  window.location.assign(api.auth.login.$path({ query: redirect && redirect !== "/" ? { redirect } : {} }));
}

/** Removes the sign-in provider's locally stored keys, then signs out on the server. */
export function logout() {
  for (const key of Object.keys(window.localStorage)) {
    if (key.toLowerCase().includes("better-auth")) window.localStorage.removeItem(key);
  }
  window.location.assign(api.auth.logout.$path());
}
