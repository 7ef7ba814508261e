// Display helpers for dates, numbers and initials.

/** A short, locale-aware date and time, or the fallback when there is none. */
export const formatDateTime = (iso: string | null | undefined, fallback = "Never") =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : fallback;

export const formatDate = (iso: string | null | undefined, fallback = "—") =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" }) : fallback;

export const formatNumber = (n: number) => n.toLocaleString("en-US");

/** The first letters of the name, up to 2; the email's first letter for a user without a name. */
export const initials = (name: string | null | undefined, email?: string | null) =>
  (name ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("") ||
  (email?.[0]?.toUpperCase() ?? "");

/** Keeps only same-site paths, so ?redirect= can never send a user elsewhere. */
export const safeRedirect = (path: string | undefined) => (path && /^\/(?!\/|\\)/.test(path) ? path : "/");
