// Live job progress: a job's Durable Object pushes its state over a WebSocket on the portal's own
// origin; callers poll beside it, as the fallback when this answers null or the socket closes.

/** The WebSocket URL of `path` on the portal's own origin. */
export function socketUrl(path: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/**
 * Subscribes to the messages of the socket at `path`: `onValue` runs with each one `accept` takes
 * (the first right after connecting). Answers an unsubscribe function, or null when WebSocket is
 * unavailable. The server closes the socket once the job is over; no reconnects — the caller polls.
 */
export function subscribe<T>(path: string, accept: (value: unknown) => value is T, onValue: (value: T) => void): (() => void) | null {
  if (typeof WebSocket === "undefined" || typeof window === "undefined") return null;
  let socket: WebSocket;
  try {
    socket = new WebSocket(socketUrl(path));
  } catch {
    return null;
  }
  let open = true;
  const onMessage = (event: MessageEvent) => {
    if (!open || typeof event.data !== "string") return;
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      return; // not a status: ignore it rather than hand the caller garbage
    }
    if (accept(value)) onValue(value);
  };
  socket.addEventListener("message", onMessage);
  return () => {
    if (!open) return;
    open = false;
    socket.removeEventListener("message", onMessage);
    // Closing a socket still connecting makes browsers log an error: close it once it is open.
    if (socket.readyState === WebSocket.CONNECTING) socket.addEventListener("open", () => socket.close(1000, "unsubscribed"), { once: true });
    else if (socket.readyState === WebSocket.OPEN) socket.close(1000, "unsubscribed");
  };
}
