// Each page's own document title: "{page} · Toolport", so tabs, history and screen readers tell pages apart.
import { useEffect } from "react";

export const pageTitle = (page: string | null | undefined) => (page ? `${page} · Toolport` : "Toolport");

/** Sets the document title while the calling page is shown. */
export function usePageTitle(page: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
