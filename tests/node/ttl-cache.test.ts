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
    tick(99);
    expect(await cache.get("a", read("a"))).toBe("a@1000");
    tick(1);
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
