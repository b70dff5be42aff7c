/**
 * DESIGN §4.3: exactly one cycle takes orders. At its cut-off it closes (`settling`, waiting for
 * settlement) and next week's opens, so an order sent after the cut-off goes to the next cycle at
 * once — whether the settlement job or a checkout notices the cut-off first.
 */
import { and, eq, lte } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { orderCycles } from "~/db/schema/index.ts";

const WEEK_MS = 7 * 24 * 3_600_000;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Closes `cycle` and opens the one a week later, unless a cycle is open already. */
export async function closeCycle(tx: Tx, cycle: typeof orderCycles.$inferSelect): Promise<void> {
  await tx.update(orderCycles).set({ status: "settling" }).where(eq(orderCycles.id, cycle.id));
  const [open] = await tx
    .select({ id: orderCycles.id })
    .from(orderCycles)
    .where(eq(orderCycles.status, "open"));
  if (open) return;
  await tx.insert(orderCycles).values({
    cutoffAt: new Date(cycle.cutoffAt.getTime() + WEEK_MS),
    pickupFrom: addDays(cycle.pickupFrom, 7),
    pickupTo: addDays(cycle.pickupTo, 7),
    status: "open",
  });
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
    await closeCycle(tx, due);
    return due.id;
  });
}
