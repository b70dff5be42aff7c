/**
 * Order reads that checkout (showing amounts) and placeOrder (charging them) must answer the same
 * way: which orders still hold their lines, whether the delivery fee was paid this cycle, and
 * whether a discount code applies. `lock` takes the code's row lock inside an order transaction.
 */
import { and, eq, gt, inArray, notInArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server.ts";
import { discountCodes, groupBuyers, orderCycles, orders, payments } from "~/db/schema/index.ts";
import {
  CLAIM_METHODS,
  discountCodeRefusal,
  type OrderRefusal,
  PAID_ORDER_STATUSES,
  RELEASED_ORDER_STATUSES,
} from "~/domain/orders/orders.ts";

type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Orders that still hold their lines, stock and code use: not expired, not cancelled. */
export const liveOrder: SQL = notInArray(orders.status, [...RELEASED_ORDER_STATUSES]);

/** Orders paid for and not released (DESIGN §4.3: what counts towards a group's target). */
export const paidOrder: SQL = inArray(orders.status, [...PAID_ORDER_STATUSES]);

/** Orders placed and waiting for payment (DESIGN §4.6 `pending_payment`). */
export const unpaidOrder: SQL = eq(orders.status, "pending_payment");

/** A payment row that is a member's claim (PayMe or FPS, 「我已付款」), not a provider's attempt. */
export const claimPayment: SQL = inArray(payments.provider, [...CLAIM_METHODS]);

/** An unpaid order whose member said they paid by PayMe or FPS: it waits for an admin to check. */
export const paymentClaimed: SQL = sql`exists (select 1 from ${payments}
  where ${payments.orderId} = ${orders.id} and ${claimPayment})`;

/**
 * The orders of each cycle by kind: the one definition of "paid orders of a cycle" (paid,
 * confirmed, ready for pickup, collected) that /admin/deadline's list, a cycle's page and
 * /admin/weekly-order's selector all read. Join it to `order_cycles` with `leftJoinLateral(…,
 * sql\`true\`)`: it counts that cycle's orders only (orders_cycle_idx) and always gives one row.
 * `claimed` are the unpaid orders with a PayMe or FPS claim, also counted in `pending`.
 */
export function cycleOrderCounts(executor: Executor) {
  return executor
    .select({
      total: sql<number>`count(*)::int`.as("orders_total"),
      paid: sql<number>`(count(*) filter (where ${paidOrder}))::int`.as("orders_paid"),
      pending: sql<number>`(count(*) filter (where ${unpaidOrder}))::int`.as("orders_pending"),
      claimed: sql<number>`(count(*) filter (where ${unpaidOrder} and ${paymentClaimed}))::int`.as(
        "orders_claimed",
      ),
    })
    .from(orders)
    .where(eq(orders.cycleId, orderCycles.id))
    .as("cycle_orders");
}

/**
 * DESIGN §4.3: a group product's progress in a cycle is the number of distinct members with a paid,
 * not cancelled line for it. The storefront's progress bars read it here, from `group_buyers`,
 * which triggers keep (decision 0043): a row per member counted, found by its key, however many
 * orders the cycle holds. Settlement counts from the orders themselves (settlement-credits).
 */
export async function groupBuyerCounts(
  executor: Executor,
  cycleId: number,
  productIds?: number[],
): Promise<Map<number, number>> {
  if (productIds && productIds.length === 0) return new Map();
  const rows = await executor
    .select({ productId: groupBuyers.productId, buyers: sql<number>`count(*)::int` })
    .from(groupBuyers)
    .where(
      and(
        eq(groupBuyers.cycleId, cycleId),
        productIds ? inArray(groupBuyers.productId, productIds) : undefined,
      ),
    )
    .groupBy(groupBuyers.productId);
  return new Map(rows.map((row) => [row.productId, row.buyers]));
}

/** The member's live orders in a cycle (an id, or a column of the query this goes into). */
export function liveOrdersOf(memberId: string | Placeholder, cycleId: number | AnyPgColumn): SQL {
  return and(eq(orders.memberId, memberId), eq(orders.cycleId, cycleId), liveOrder) as SQL;
}

/** DESIGN §4.5: the delivery fee is charged once per member per cycle, by the first live order. */
function feePayingOrders(memberId: string | Placeholder, cycleId: number | AnyPgColumn): SQL {
  return and(liveOrdersOf(memberId, cycleId), gt(orders.deliveryFeeCents, 0)) as SQL;
}

export async function deliveryFeePaid(executor: Executor, memberId: string, cycleId: number) {
  const [paid] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(feePayingOrders(memberId, cycleId))
    .limit(1);
  return paid !== undefined;
}

/** The same question inside another query, for the cycle `cycleId` names there. */
export function deliveryFeePaidIn(memberId: string | Placeholder, cycleId: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} where ${feePayingOrders(memberId, cycleId)})`;
}

export type CodeCheck =
  | { status: "usable"; code: typeof discountCodes.$inferSelect }
  | { status: "refused"; refusal: OrderRefusal };

/** DESIGN §4.12: the code (case-insensitive) and whether this member may use it on these items now. */
export async function checkDiscountCode(
  executor: Executor,
  input: { memberId: string; code: string; itemsCents: number; now: Date; lock?: boolean },
): Promise<CodeCheck> {
  const query = executor
    .select()
    .from(discountCodes)
    .where(eq(sql`lower(${discountCodes.code})`, input.code.trim().toLowerCase()));
  const [code] = input.lock ? await query.for("update") : await query;
  if (!code) return { status: "refused", refusal: "codeUnknown" };
  const [uses] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.memberId, input.memberId), eq(orders.discountCodeId, code.id), liveOrder));
  const refusal = discountCodeRefusal(code, {
    now: input.now,
    itemsCents: input.itemsCents,
    memberUses: uses?.count ?? 0,
  });
  return refusal ? { status: "refused", refusal } : { status: "usable", code };
}
