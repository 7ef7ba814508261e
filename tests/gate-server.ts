// A local HTTP gate in front of another local server: requests it is told to hold wait until the test
// opens it, so a job is surely under way at a chosen moment (no timing); everything else passes through.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenOnLoopback } from "./loopback";

export type Gate = { origin: string; held: () => number; open: () => void; close: () => Promise<void> };

/** A gate forwarding to `target` (an origin); requests whose path `hold` accepts wait for open(). */
export async function startGate(target: string, hold: (path: string) => boolean): Promise<Gate> {
  let opened = false;
  let waiting: (() => void)[] = [];
  let heldCount = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !["host", "content-length", "connection"].includes(name)),
    ) as Record<string, string>;
    try {
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: body.length > 0 ? body : undefined,
        redirect: "manual",
      });
      res.writeHead(
        answer.status,
        Object.fromEntries(
          [...answer.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name)),
        ),
      );
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.destroy();
    }
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!opened && hold(new URL(req.url ?? "/", "http://gate").pathname)) {
      heldCount++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      // A caller that went away while held (its process was killed) gets nothing.
      if (res.destroyed || req.socket.destroyed) return;
    }
    await forward(req, res, Buffer.concat(chunks));
  });
  const origin = await listenOnLoopback(server, "gate server");
  const open = () => {
    opened = true;
    for (const release of waiting) release();
    waiting = [];
  };
  const close = () => {
    open();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { origin, held: () => heldCount, open, close };
}
