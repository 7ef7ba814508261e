// An in-isolate cache of values read from D1 or KV, reused for a short time. Changes made through
// this isolate invalidate it at once; the time bound covers changes made elsewhere (other isolates,
// the cron). Every invalidation bumps a generation, so a read that began before it never caches
// what it read, however late it finishes.

/** Whether no invalidation happened since the read began. */
export type StillCurrent = () => boolean;

export type TtlCache<V> = {
  /**
   * The value of `key`: the cached one if it was read less than the TTL ago, else `read()`'s. What
   * `read` returns is cached when `keep` allows it (default: always) and no invalidation happened
   * meanwhile; `read` gets the same test, for caches of its own (a shared KV copy).
   */
  get(key: string, read: (stillCurrent: StillCurrent) => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** Forgets these keys, or every key when none are named; reads under way are not cached. */
  invalidate(keys?: Iterable<string>): void;
  /** How many entries are held (expired ones included until replaced or cleared). */
  readonly size: number;
};

export type TtlCacheOptions = {
  /** How long a value is reused, from the moment its read began. */
  ttlMs: number;
  /** At most this many entries: a new entry beyond it starts the cache afresh. */
  limit: number;
  /** The clock (milliseconds); tests pass their own. */
  now?: () => number;
};

/**
 * A cache of values by key for `ttlMs`, bounded to `limit` entries, invalidated by generation. Once a
 * value is past three quarters of its TTL, the first request to ask reads it again while the others
 * keep the value (still within its TTL): requests arriving together read once, not once each, and none
 * waits for a read while the key is busy.
 */
export function ttlCache<V>({ ttlMs, limit, now = () => Date.now() }: TtlCacheOptions): TtlCache<V> {
  // Resolved values only: a promise shared across requests could hang one when another is cancelled.
  const entries = new Map<string, { at: number; value: V; refreshing?: boolean }>();
  const refreshAfterMs = (ttlMs * 3) / 4;
  let generation = 0;
  return {
    async get(key, read, keep) {
      const startedAt = now();
      const hit = entries.get(key);
      if (hit && startedAt - hit.at < ttlMs) {
        if (startedAt - hit.at < refreshAfterMs || hit.refreshing) return hit.value;
        hit.refreshing = true;
      }
      const startedIn = generation;
      const stillCurrent = () => generation === startedIn;
      try {
        const value = await read(stillCurrent);
        if (stillCurrent() && (!keep || keep(value))) {
          if (entries.size >= limit && !entries.has(key)) entries.clear();
          entries.set(key, { at: startedAt, value });
        } else if (entries.get(key) === hit) entries.delete(key);
        return value;
      } finally {
        // A read that failed leaves the next request to try again.
        if (hit) hit.refreshing = false;
      }
    },
    invalidate(keys) {
      generation++;
      if (keys === undefined) entries.clear();
      else for (const key of keys) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
