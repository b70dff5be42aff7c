/**
 * Request limits kept in PostgreSQL (decision 0015): a fixed window per bucket and client, counted
 * with one atomic upsert, so two app instances behind a load balancer share the count.
 */
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { rateLimits } from "~/db/schema/index.ts";

export interface RateLimit {
  /** What is limited, e.g. "form" or "upload". */
  bucket: string;
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One hit of `key` in its window, counted by an upsert; the window's hits so far come back. */
function countHit(db: Db, values: { bucket: string; key: string; windowStart: Date }) {
  return db
    .insert(rateLimits)
    .values({ ...values, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
}

export function createRateLimitService({ db }: { db: Db }) {
  return {
    /** Counts one hit of `key` (an IP address) and says whether it is within the limit. */
    async hit(rule: RateLimit, key: string, now = new Date()): Promise<RateDecision> {
      const windowStart = new Date(now.getTime() - (now.getTime() % rule.windowMs));
      const [row] = await countHit(db, { bucket: rule.bucket, key, windowStart });
      if ((row?.hits ?? 0) <= rule.limit) return { allowed: true };
      const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    },

    /** Forgets windows that ended before `before` (run by a job). */
    async prune(before: Date): Promise<number> {
      const deleted = await db.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({
        key: rateLimits.key,
      });
      return deleted.length;
    },
  };
}
