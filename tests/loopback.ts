// The local servers the tests run (fixture sites, upstream APIs, an identity provider, a chat API),
// listening on a free loopback port.
import type { Server } from "node:http";

/**
 * Starts `server` on a free port of 127.0.0.1 and answers its origin. Idle connections stay open for a
 * minute (Node closes them after 5 s): workerd keeps its connections to a host for reuse, and a request
 * it sent as Node closed one failed with "Network connection lost".
 */
export async function listenOnLoopback(server: Server, name: string): Promise<string> {
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error(`${name} has no port`);
  return `http://127.0.0.1:${address.port}`;
}
