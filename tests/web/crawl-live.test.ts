// subscribeCrawl against a fake WebSocket: the URL, statuses passed on, garbage ignored, clean closing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { crawlSocketUrl, subscribeCrawl, type CrawlStatus } from "@/api/crawl-live";

class FakeWebSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  closed: { code?: number; reason?: string } | null = null;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
  close(code?: number, reason?: string) {
    this.readyState = FakeWebSocket.CLOSED;
    this.closed = { code, reason };
  }
}

const status = (overrides: Partial<CrawlStatus> = {}): CrawlStatus => ({
  success: true,
  status: "crawling",
  completed: 1,
  total: 2,
  pageDetails: [
    { url: "https://docs.example.com/a", status: "completed", title: "A" },
    { url: "https://docs.example.com/b", status: "processing", title: null },
  ],
  currentProcessing: { currentUrl: "https://docs.example.com/b", errorCount: 0 },
  selectedUrls: ["https://docs.example.com/a", "https://docs.example.com/b"],
  error: null,
  refresh: null,
  ...overrides,
});

afterEach(() => {
  FakeWebSocket.instances = [];
});

describe("subscribeCrawl", () => {
  it("connects to the crawl's socket on the portal's origin and passes each status on", () => {
    vi.stubGlobal("WebSocket", FakeWebSocket);
    const seen: CrawlStatus[] = [];
    const unsubscribe = subscribeCrawl("crawl 1", (s) => seen.push(s));
    expect(unsubscribe).toBeTypeOf("function");
    const [socket] = FakeWebSocket.instances;
    expect(socket.url).toBe(`ws://${window.location.host}/api/crawl/crawl%201/ws`);
    socket.open();
    socket.receive(JSON.stringify(status()));
    socket.receive("not json");
    socket.receive(JSON.stringify({ hello: "world" }));
    socket.receive(JSON.stringify(status({ status: "completed", completed: 2 })));
    expect(seen.map((s) => [s.status, s.completed])).toEqual([
      ["crawling", 1],
      ["completed", 2],
    ]);
    expect(seen[0]).toEqual(status());
  });

  it("closes cleanly and passes nothing on after unsubscribing", () => {
    vi.stubGlobal("WebSocket", FakeWebSocket);
    const onStatus = vi.fn();
    const unsubscribe = subscribeCrawl("c1", onStatus)!;
    const [socket] = FakeWebSocket.instances;
    socket.open();
    unsubscribe();
    expect(socket.closed).toEqual({ code: 1000, reason: "unsubscribed" });
    socket.receive(JSON.stringify(status()));
    expect(onStatus).not.toHaveBeenCalled();
    unsubscribe(); // a second call is harmless
    expect(socket.closed).toEqual({ code: 1000, reason: "unsubscribed" });
  });

  it("waits for a socket still connecting to open before closing it", () => {
    vi.stubGlobal("WebSocket", FakeWebSocket);
    const unsubscribe = subscribeCrawl("c2", vi.fn())!;
    const [socket] = FakeWebSocket.instances;
    unsubscribe();
    expect(socket.closed).toBeNull();
    socket.open();
    expect(socket.closed).toEqual({ code: 1000, reason: "unsubscribed" });
  });

  it("answers null when WebSocket is unavailable or refuses to start", () => {
    vi.stubGlobal("WebSocket", undefined);
    expect(subscribeCrawl("c3", vi.fn())).toBeNull();
    vi.stubGlobal(
      "WebSocket",
      class {
        constructor() {
          throw new Error("blocked");
        }
      },
    );
    expect(subscribeCrawl("c3", vi.fn())).toBeNull();
  });

  it("uses wss: on https pages", () => {
    expect(crawlSocketUrl("abc", { protocol: "https:", host: "toolport.dev" })).toBe("wss://toolport.dev/api/crawl/abc/ws");
  });
});
