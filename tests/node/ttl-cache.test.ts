// The in-isolate TTL cache: values reused within their time, re-read after it, bounded, and never
// cached by a read that an invalidation overtook.
import { describe, expect, it } from "vitest";
import { ttlCache } from "../../worker/lib/ttl-cache";

/** A cache on a clock the test moves, and a reader that counts its reads. */
function setup(options: { ttlMs?: number; limit?: number } = {}) {
  let time = 1_000;
  const cache = ttlCache<string | null>({ ttlMs: options.ttlMs ?? 100, limit: options.limit ?? 10, now: () => time });
  const reads: string[] = [];
  const read =
    (key: string, value: string | null = `${key}@${time}`) =>
    async () => {
      reads.push(key);
      return value;
    };
  return { cache, reads, read, tick: (ms: number) => (time += ms) };
}

describe("ttlCache", () => {
  it("reuses a value within its TTL, counted from when its read began, and reads again after it", async () => {
    const { cache, reads, read, tick } = setup();
    expect(await cache.get("a", read("a"))).toBe("a@1000");
    tick(74);
    expect(await cache.get("a", read("a"))).toBe("a@1000");
    tick(26);
    expect(await cache.get("a", read("a"))).toBe("a@1100");
    expect(reads).toEqual(["a", "a"]);
  });

  it("keeps only what `keep` allows: a value it refuses is read again at every use", async () => {
    const { cache, reads, read } = setup();
    const found = (v: string | null) => v !== null;
    expect(await cache.get("gone", read("gone", null), found)).toBeNull();
    expect(await cache.get("gone", read("gone", null), found)).toBeNull();
    expect(await cache.get("here", read("here"), found)).toBe("here@1000");
    expect(await cache.get("here", read("here"), found)).toBe("here@1000");
    expect(reads).toEqual(["gone", "gone", "here"]);
  });

  it("forgets named keys or every key when invalidated", async () => {
    const { cache, reads, read } = setup();
    for (const key of ["a", "b", "c"]) await cache.get(key, read(key));
    cache.invalidate(["a"]);
    for (const key of ["a", "b"]) await cache.get(key, read(key));
    cache.invalidate();
    expect(cache.size).toBe(0);
    await cache.get("c", read("c"));
    expect(reads).toEqual(["a", "b", "c", "a", "c"]);
  });

  it("does not cache what a read overtaken by an invalidation returns, and tells the reader so", async () => {
    const { cache, reads, read } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let currentAtEnd: boolean | undefined;
    const slow = cache.get("t", async (stillCurrent) => {
      await gate;
      currentAtEnd = stillCurrent();
      return "stale";
    });
    cache.invalidate(["other"]);
    release();
    expect(await slow).toBe("stale");
    expect(currentAtEnd).toBe(false);
    expect(await cache.get("t", read("t"))).toBe("t@1000");
    expect(reads).toEqual(["t"]);
  });

  it("starts afresh when a new key would pass the limit", async () => {
    const { cache, read } = setup({ limit: 2 });
    await cache.get("a", read("a"));
    await cache.get("b", read("b"));
    expect(cache.size).toBe(2);
    await cache.get("a", read("a"));
    expect(cache.size).toBe(2);
    await cache.get("c", read("c"));
    expect(cache.size).toBe(1);
  });
});

describe("ttlCache near the end of a value's time", () => {
  it("has the first request past three quarters of the TTL read again while the others keep the value", async () => {
    const { cache, reads, read, tick } = setup();
    await cache.get("a", read("a"));
    tick(80);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const refreshing = cache.get("a", async () => {
      reads.push("a");
      await gate;
      return "a@1080";
    });
    // Requests that come while it reads are answered from the cache, without a read of their own.
    expect(await Promise.all([cache.get("a", read("a")), cache.get("a", read("a"))])).toEqual(["a@1000", "a@1000"]);
    release();
    expect(await refreshing).toBe("a@1080");
    tick(70);
    expect(await cache.get("a", read("a"))).toBe("a@1080");
    expect(reads).toEqual(["a", "a"]);
  });

  it("never answers a value past its TTL, and lets the next request read when a refresh fails", async () => {
    const { cache, reads, read, tick } = setup();
    await cache.get("a", read("a"));
    tick(80);
    await expect(
      cache.get("a", async () => {
        throw new Error("D1 unavailable");
      }),
    ).rejects.toThrow("D1 unavailable");
    expect(await cache.get("a", read("a"))).toBe("a@1080");
    tick(100);
    expect(await cache.get("a", read("a"))).toBe("a@1180");
    expect(reads).toEqual(["a", "a", "a"]);
  });

  it("drops a value whose refresh `keep` refuses (a server since removed)", async () => {
    const { cache, reads, read, tick } = setup();
    const found = (v: string | null) => v !== null;
    await cache.get("s", read("s"), found);
    tick(80);
    expect(await cache.get("s", read("s", null), found)).toBeNull();
    expect(await cache.get("s", read("s", null), found)).toBeNull();
    expect(reads).toEqual(["s", "s", "s"]);
  });
});
