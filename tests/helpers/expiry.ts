import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { orders } from "../../app/db/schema/index.ts";
import type { TestDatabase } from "./database.ts";

/**
 * The expiry job run at `due` until the order has expired. A served shop runs its own jobs on
 * the same database (the order notices every 3 s take each new order's row for a moment), and
 * the expiry skips rows another holds, as it must with several instances: the order is then
 * taken by its next run. So a test that needs the order expired runs it again, as the next
 * tick would, instead of failing on the moment the two met.
 */
export async function expireOrderAt(
  database: Pick<TestDatabase, "db" | "services">,
  orderId: number,
  due: Date,
): Promise<void> {
  await vi.waitFor(
    async () => {
      await database.services.orders.expireUnpaid(due);
      const [row] = await database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(row?.status).toBe("expired");
    },
    { timeout: 10_000, interval: 50 },
  );
}

/**
 * Waits until the served shop's order-notice job has taken the order's mark (it runs every 3 s):
 * after it, no job of the shop touches the order's row until it is paid, so a test that orders
 * the locks of a race by hand knows who holds the row.
 */
export async function orderNoticeTaken(database: Pick<TestDatabase, "db">, orderId: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await database.db
        .select({ notice: orders.pendingNotice })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(row?.notice).toBeNull();
    },
    { timeout: 10_000, interval: 50 },
  );
}
