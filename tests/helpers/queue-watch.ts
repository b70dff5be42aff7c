import { expect } from "vitest";
import type { Db } from "../../app/db/client.server.ts";

/**
 * The database for a campaign sender, counting its raw statements as they finish: each pass of the
 * sender's loop claims due recipients and then closes finished campaigns (`db.execute`), so a test
 * can wait for the sender to have looked at the queue again instead of sleeping (issue 28).
 */
export function watchedQueue(db: Db): { db: Db; looked: () => number } {
  let finished = 0;
  const watched = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (property !== "execute" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        return result.finally(() => {
          finished += 1;
        });
      };
    },
  });
  return { db: watched, looked: () => finished };
}

/**
 * Resolves once the sender has claimed from the queue as it is now: three statements finished from
 * here. The first may have been under way already; the next two both started after this call, and
 * one of them is a claim (the loop alternates claim and close).
 */
export async function lookedAgain(looked: () => number, timeoutMs = 10_000): Promise<void> {
  const target = looked() + 3;
  await expect
    .poll(looked, { timeout: timeoutMs, interval: 10, message: "the sender did not look at the queue again" })
    .toBeGreaterThanOrEqual(target);
}
