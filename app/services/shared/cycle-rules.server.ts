/**
 * DESIGN §4.3: exactly one cycle takes orders. At its cut-off it closes (`settling`, waiting for
 * settlement) and the next opens, so an order sent after the cut-off goes to the next cycle at
 * once — whether the settlement job, a checkout or an admin's "close now" closes it first. The next
 * cycle ends at the shop's weekly cut-off (issue 27 item 7), not the closed cycle's time a week on.
 */
import { and, eq, lte } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { orderCycles, siteSettings } from "~/db/schema/index.ts";
import {
  DEFAULT_WEEKLY_CUTOFF,
  nextCycleDates,
  type PickupWindow,
  type WeeklyCutoff,
} from "~/domain/cycles/cycle-calendar.ts";

type Executor = Db | Tx;

/** The shop's weekly cut-off from its settings, or the default before any settings are saved. */
export async function weeklyCutoff(executor: Executor): Promise<WeeklyCutoff> {
  const [row] = await executor
    .select({ weekday: siteSettings.weeklyCutoffWeekday, minute: siteSettings.weeklyCutoffMinute })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row ?? DEFAULT_WEEKLY_CUTOFF;
}

/**
 * Closes `cycle` at `closedAt` (its cut-off, or an admin's "close now") and opens the next one on
 * the weekly pattern, unless a cycle is open already. `cycle` is the row as it was: the next
 * cycle's pickup days keep its distance from the cut-off day, unless the admin closing it early
 * chose them (`nextPickup`).
 */
export async function closeCycle(
  tx: Tx,
  cycle: typeof orderCycles.$inferSelect,
  closedAt: Date = cycle.cutoffAt,
  nextPickup: PickupWindow | null = null,
): Promise<void> {
  await tx.update(orderCycles).set({ status: "settling" }).where(eq(orderCycles.id, cycle.id));
  const [open] = await tx
    .select({ id: orderCycles.id })
    .from(orderCycles)
    .where(eq(orderCycles.status, "open"));
  if (open) return;
  await tx
    .insert(orderCycles)
    .values({ ...nextCycleDates(cycle, closedAt, await weeklyCutoff(tx)), ...nextPickup, status: "open" });
}

/**
 * Closes the open cycle if its cut-off has passed. Its row lock waits for orders still being
 * placed in it (they hold it in share mode), and a second caller finds it closed already.
 * Returns the closed cycle's id, or null when there was nothing to close.
 */
export async function closeDueCycle(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(orderCycles)
      .where(and(eq(orderCycles.status, "open"), lte(orderCycles.cutoffAt, now)))
      .for("update");
    if (!due) return null;
    await closeCycle(tx, due, now);
    return due.id;
  });
}
