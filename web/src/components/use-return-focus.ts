// Gives focus back to the control that opened a dialog or drawer when it closes (Escape included).
// Radix returns focus only to its own Trigger; ours are opened from state, so without this focus fell to the page body.
import { useLayoutEffect, useRef } from "react";

/** Pass the result as the content's onCloseAutoFocus. */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before the dialog's own focus moves into it, so this still sees the opener.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}
