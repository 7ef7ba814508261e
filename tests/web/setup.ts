// Component-test setup: jest-dom matchers, cleanup, and the browser APIs jsdom lacks that Radix uses.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor wait for their condition; 1 s (the default) is too short a bound on a loaded CI machine.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lays nothing out, but its getComputedStyle matches every rule of its own default stylesheet and
// of every sheet in the document on each call, and Testing Library's role and name queries (and
// user-event's pointer-events check) call it for each candidate element and each of its ancestors again.
// An element's computed style changes only when the document does, so it is remembered until the next
// change (the pending mutation records are taken first, so a change made just before the call is seen).
if (!("remembered" in window.getComputedStyle)) {
  const compute = window.getComputedStyle.bind(window);
  let known = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const changes = new MutationObserver(() => (known = new WeakMap()));
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.getComputedStyle = Object.assign(
    (element: Element, pseudo?: string | null) => {
      if (changes.takeRecords().length > 0) known = new WeakMap();
      const styles = known.get(element) ?? new Map<string, CSSStyleDeclaration>();
      known.set(element, styles);
      const key = pseudo ?? "";
      if (!styles.has(key)) styles.set(key, compute(element, pseudo));
      return styles.get(key)!;
    },
    { remembered: true },
  );
}

// sonner adds its stylesheet (97 rules that place, stack and animate toasts) when first imported: it sets no
// display or visibility (what the queries read), only hides toasts beyond the visible stack from the pointer,
// and makes every getComputedStyle call longer.
await import("sonner");
for (const style of document.querySelectorAll("style")) if (style.textContent?.includes("[data-sonner-toaster]")) style.remove();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
