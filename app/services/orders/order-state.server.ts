/**
 * The one writer of an order's status (issue 45 item 2). Every change is checked against the
 * orders area's transition table (`domain/orders/order-states.ts`), made only from the status the
 * caller read under the order's lock, and recorded as an order event with who made it and why.
 * `npm run lint` (scripts/lint-writers.mjs) refuses a status write or an order event anywhere else.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { orderEvents, orders } from "~/db/schema/index.ts";
import { canMoveOrder, IllegalOrderTransition } from "~/domain/orders/order-states.ts";
import type { OrderStatus } from "~/domain/orders/orders.ts";

interface Change {
  to: OrderStatus;
  actorId: string | null;
  /** The event's words (zh-HK, from the order-event catalogue) or the payment's method. */
  note: string;
  now: Date;
  /** Other columns the same change sets (paid at, expiry, the notice to send). */
  set?: Omit<Partial<typeof orders.$inferInsert>, "status" | "updatedAt">;
}

function check(from: OrderStatus, to: OrderStatus) {
  if (!canMoveOrder(from, to)) throw new IllegalOrderTransition(from, to);
}

/**
 * Moves one order from `from` (as read under its lock) to `change.to`. False when the order is no
 * longer in `from` (someone else moved it first); an illegal change throws.
 */
export async function moveOrder(
  tx: Tx,
  order: { id: number; status: OrderStatus },
  change: Change,
): Promise<boolean> {
  check(order.status, change.to);
  const moved = await tx
    .update(orders)
    .set({ ...change.set, status: change.to, updatedAt: change.now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: change.to,
    actorId: change.actorId,
    note: change.note,
    createdAt: change.now,
  });
  return true;
}

/** `moveOrder` for many orders read under their locks (a pickup point's orders made ready). */
export async function moveOrders(
  tx: Tx,
  found: { id: number; status: OrderStatus }[],
  change: Omit<Change, "set">,
): Promise<number[]> {
  for (const order of found) check(order.status, change.to);
  const moved: number[] = [];
  for (const from of new Set(found.map((order) => order.status))) {
    const ids = found.filter((order) => order.status === from).map((order) => order.id);
    const rows = await tx
      .update(orders)
      .set({ status: change.to, updatedAt: change.now })
      .where(and(inArray(orders.id, ids), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (rows.length === 0) continue;
    await tx.insert(orderEvents).values(
      rows.map((row) => ({
        orderId: row.id,
        fromStatus: from,
        toStatus: change.to,
        actorId: change.actorId,
        note: change.note,
        createdAt: change.now,
      })),
    );
    moved.push(...rows.map((row) => row.id));
  }
  return moved;
}

/** The first event of an order just placed (in `pending_payment`, or `paid` when dDollar covered it). */
export async function recordPlaced(
  tx: Tx,
  order: { id: number; status: OrderStatus },
  change: { actorId: string | null; note: string; now: Date },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: order.status,
    actorId: change.actorId,
    note: change.note,
    createdAt: change.now,
  });
}

/**
 * Settlement's set-based form (decision 0014): the cycle's paid orders become confirmed, each with
 * its event, in one statement. Returns how many.
 */
export async function confirmCycleOrders(
  tx: Tx,
  cycleId: number,
  change: { actorId: string | null; note: string; now: Date },
): Promise<number> {
  check("paid", "confirmed");
  const at = change.now.toISOString();
  const result = await tx.execute<{ confirmed: number }>(sql`
    with confirmed as (
      update orders set status = 'confirmed', updated_at = ${at}::timestamptz
      where cycle_id = ${cycleId} and status = 'paid'
      returning id
    ),
    events as (
      insert into order_events (order_id, from_status, to_status, actor_id, note, created_at)
      select id, 'paid', 'confirmed', ${change.actorId}::uuid, ${change.note}, ${at}::timestamptz from confirmed
    )
    select count(*)::int as confirmed from confirmed`);
  return result.rows[0]?.confirmed ?? 0;
}
