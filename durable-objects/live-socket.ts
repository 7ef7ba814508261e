// The live view a job's Durable Object serves its browsers over hibernatable WebSockets: the state on
// connect, on every change and on any message; once the job is over the socket is closed.

/** A job's state as one message, and why the socket closes after it (null while the job runs). */
export type LiveMessage = { body: unknown; closeReason: string | null };

/** Accepts the upgrade request of an already authorized browser and sends it the state now. */
export function acceptLive(ctx: DurableObjectState, request: Request, now: LiveMessage): Response {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
  const [client, server] = Object.values(new WebSocketPair());
  ctx.acceptWebSocket(server);
  pushLive([server], now);
  return new Response(null, { status: 101, webSocket: client });
}

/** Sends the state; a socket that went away meanwhile misses nothing it can still use. */
export function pushLive(sockets: WebSocket[], { body, closeReason }: LiveMessage) {
  if (!sockets.length) return;
  const message = JSON.stringify(body);
  for (const ws of sockets) {
    try {
      ws.send(message);
      if (closeReason !== null) ws.close(1000, closeReason);
    } catch {}
  }
}

/** Answers the browser's close. */
export function closeLive(ws: WebSocket, code: number) {
  try {
    ws.close(code === 1005 ? 1000 : code, "closed");
  } catch {
    // Already closed by the runtime's automatic reply.
  }
}
