import { LRUCache } from "lru-cache";

/**
 * Decision 0045: what every shopper's pages read alike and only the back office changes (the site
 * settings and banners, the menus' categories, brands and merchants with their counts, the open
 * cycle), kept for `ttlMs` by the server so a rush does not ask PostgreSQL the same a hundred times
 * a second. Nothing of one member's (session, cart, orders, stock sold, group progress) is kept.
 *
 * The server forgets everything after each write through the back office on this instance and after
 * a cycle is settled, so an operator sees their change at once; another instance, a job or a script
 * is seen once an entry is older than `ttlMs`. A read already under way when it is forgotten still
 * answers the requests that asked for it, but is not kept.
 */
export interface ShopWideReads {
  /** `load()`'s answer, shared with every other caller of `key` for `ttlMs`. */
  read<T>(key: string, load: () => PromiseLike<T>): Promise<T>;
  /** Drops everything kept, so the next read of each key asks the database. */
  forget(): void;
}

/** Up to this many keys (a few per kind of read: banners by kind, counts by mode). */
const MAX_KEYS = 100;

/** `ttlMs` 0: every read asks the database (scripts, tests of the services, `SHOP_DATA_CACHE_MS=0`). */
export function createShopWideReads(ttlMs: number): ShopWideReads {
  if (ttlMs <= 0) return { read: async (_key, load) => load(), forget() {} };
  // The promise is kept, not its value: requests that come while the first one reads wait for it.
  const kept = new LRUCache<string, Promise<unknown>>({ max: MAX_KEYS, ttl: ttlMs });
  return {
    read<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const found = kept.get(key) as Promise<T> | undefined;
      if (found) return found;
      // A drizzle query is a thenable that runs again each time it is awaited: kept as a promise of
      // its rows, it runs once.
      const reading = Promise.resolve(load());
      kept.set(key, reading);
      // A failed read is not kept: the next request asks again.
      reading.catch(() => {
        if (kept.peek(key) === reading) kept.delete(key);
      });
      return reading;
    },
    forget: () => kept.clear(),
  };
}
