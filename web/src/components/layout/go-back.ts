// Go Back: the previous page of this tab, or the servers list when the tab opened here.
import type { AnyRouter } from "@tanstack/react-router";

export function goBack(router: AnyRouter) {
  if (router.history.canGoBack()) router.history.back();
  else void router.navigate({ to: "/" });
}
