// Replaces the current entry with a same-site path (which may carry its own search string).
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

export function RedirectTo({ path }: { path: string }) {
  const router = useRouter();
  useEffect(() => router.history.replace(path), [router, path]);
  return null;
}
