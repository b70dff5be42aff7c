/**
 * The sums behind the owner's dashboard (issue 46 item 1; decision 0050), each one plain SQL over a
 * scope: the orders of a set of cycles, and a time window for what has no cycle (visitors, carts,
 * new members). Paid orders are the cycle report's (`paidOrder`), so a cycle's totals are its report's.
 */
import { and, count, eq, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import {
  cartItems,
  categories,
  dollarLedger,
  groupResults,
  members,
  merchants,
  orderLines,
  orders,
  pageViews,
  payments,
  pickupPoints,
  products,
  refunds,
} from "~/db/schema/index.ts";
import { SETTLEMENT_CREDIT_REASONS } from "~/domain/cycles/cycle-report.ts";
import {
  type Breakdown,
  type BreakdownRow,
  REFUND_REASONS,
  type SalesFigures,
  salesFigures,
} from "~/domain/reports/sales.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paidOrder } from "../shared/order-rules.server.ts";

type Db = ServiceDeps["db"];

/** What a figure is summed over: the orders of these cycles; visitors and sign-ups in [from, to). */
export interface Scope {
  cycleIds: number[];
  from: Date;
  to: Date;
}

/** Sums of cents can pass 2³¹: PostgreSQL's bigint, read as a number. */
export const cents = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

/** The scope's orders; no cycle at all matches nothing (an empty `in` is not SQL). */
export function inScope(scope: Scope): SQL {
  return scope.cycleIds.length === 0 ? sql`false` : inArray(orders.cycleId, scope.cycleIds);
}

export async function salesIn(db: Db, scope: Scope): Promise<SalesFigures> {
  const [[sums], credits, runFees, receiptRows, methodRefundRows] = await Promise.all([
    db
      .select({
        orders: count(),
        payingMembers: sql<number>`count(distinct ${orders.memberId})::int`,
        itemsCents: cents(sql`sum(${orders.itemsCents})`),
        discountCents: cents(sql`sum(${orders.discountCents})`),
        deliveryCents: cents(sql`sum(${orders.deliveryFeeCents})`),
        cardFeeCents: cents(sql`sum(${orders.cardFeeCents})`),
        dDollarUsedCents: cents(sql`sum(${orders.dDollarUsedCents})`),
      })
      .from(orders)
      .where(and(inScope(scope), paidOrder)),
    // Every credit and refund written for the scope's orders, as the cycle report reads them.
    db
      .select({
        reason: dollarLedger.reason,
        records: count(),
        cents: cents(sql`sum(${dollarLedger.amountCents})`),
      })
      .from(dollarLedger)
      .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
      .where(
        and(inScope(scope), inArray(dollarLedger.reason, [...SETTLEMENT_CREDIT_REASONS, ...REFUND_REASONS])),
      )
      .groupBy(dollarLedger.reason),
    // A point's run fee is paid once a cycle when anyone picks up there (DESIGN §4.8).
    db.execute<{ cents: string }>(sql`select coalesce(sum(${pickupPoints.runFeeCents}), 0)::bigint as cents
      from (select distinct ${orders.cycleId}, ${orders.pickupPointId} as point_id from ${orders}
        where ${inScope(scope)} and ${paidOrder}) served
      join ${pickupPoints} on ${pickupPoints.id} = served.point_id`),
    db
      .select({
        provider: payments.provider,
        kept: sql<boolean>`${payments.keptReason} is not null`,
        cents: cents(sql`sum(${payments.receivedCents})`),
        payments: count(),
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(inScope(scope), eq(payments.status, "succeeded")))
      .groupBy(payments.provider, sql`${payments.keptReason} is not null`),
    // Refunds to the original payment (decision 0052), but those the provider refused.
    db
      .select({
        method: refunds.method,
        reason: refunds.reason,
        records: count(),
        cents: cents(sql`sum(${refunds.amountCents})`),
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(inScope(scope), ne(refunds.state, "failed")))
      .groupBy(refunds.method, refunds.reason),
  ]);
  return salesFigures({
    sums: sums ?? {
      orders: 0,
      payingMembers: 0,
      itemsCents: 0,
      discountCents: 0,
      deliveryCents: 0,
      cardFeeCents: 0,
      dDollarUsedCents: 0,
    },
    credits,
    runFeeCents: Number(runFees.rows[0]?.cents ?? 0),
    receipts: receiptRows,
    methodRefunds: methodRefundRows,
  });
}

export async function membersIn(db: Db, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(gte(members.createdAt, scope.from), lt(members.createdAt, scope.to)));
  return { newMembers: row?.n ?? 0 };
}

/** Groups decided at the scope's settlements (group_results). */
export async function groupsIn(db: Db, scope: Scope) {
  const [row] = await db
    .select({
      decided: count(),
      met: sql<number>`(count(*) filter (where ${groupResults.outcome} = 'met'))::int`,
      missed: sql<number>`(count(*) filter (where ${groupResults.outcome} = 'missed'))::int`,
      limitedFailed: sql<number>`(count(*) filter (where ${groupResults.outcome} = 'missed'
        and ${products.mode} = 'limited'))::int`,
    })
    .from(groupResults)
    .innerJoin(products, eq(products.id, groupResults.productId))
    .where(scope.cycleIds.length === 0 ? sql`false` : inArray(groupResults.cycleId, scope.cycleIds));
  return {
    decided: row?.decided ?? 0,
    met: row?.met ?? 0,
    missed: row?.missed ?? 0,
    limitedFailed: row?.limitedFailed ?? 0,
  };
}

/** Visitors (distinct browsers), members with a cart, orders placed (any status) and paid. */
export async function funnelIn(db: Db, scope: Scope) {
  const window = (column: typeof pageViews.createdAt | typeof cartItems.createdAt) =>
    and(gte(column, scope.from), lt(column, scope.to));
  const [[visitors], carts, [placed]] = await Promise.all([
    db
      .select({
        n: sql<number>`count(distinct coalesce(${pageViews.visitorId}, ${pageViews.id}::text))::int`,
      })
      .from(pageViews)
      .where(window(pageViews.createdAt)),
    // A cart becomes an order (and is emptied): a member who ordered had a cart too.
    db.execute<{ n: number }>(sql`select count(distinct member_id)::int as n from (
      select ${cartItems.memberId} as member_id from ${cartItems} where ${window(cartItems.createdAt)}
      union select ${orders.memberId} from ${orders} where ${inScope(scope)}) carts`),
    db
      .select({
        placed: count(),
        paid: sql<number>`(count(*) filter (where ${paidOrder}))::int`,
      })
      .from(orders)
      .where(inScope(scope)),
  ]);
  return {
    visitors: visitors?.n ?? 0,
    carts: carts.rows[0]?.n ?? 0,
    placed: placed?.placed ?? 0,
    paid: placed?.paid ?? 0,
  };
}

/** Each line's credits so far (line credits only: delivery and referral belong to the order). */
const lineCredits = sql`(select coalesce(sum(${dollarLedger.amountCents}), 0) from ${dollarLedger}
  where ${dollarLedger.orderLineId} = ${orderLines.id})`;

/** The scope's paid lines by product, category, merchant or pickup point, every group. */
export async function breakdownIn(db: Db, scope: Scope, by: Breakdown): Promise<BreakdownRow[]> {
  const key =
    by === "product"
      ? orderLines.productId
      : by === "category"
        ? products.categoryId
        : by === "merchant"
          ? products.merchantId
          : orders.pickupPointId;
  const name =
    by === "product"
      ? sql<string>`min(${orderLines.name})`
      : by === "category"
        ? sql<string>`min(${categories.name})`
        : by === "merchant"
          ? sql<string | null>`min(${merchants.name})`
          : sql<string>`min(${pickupPoints.name})`;
  const rows = await db
    .select({
      key: sql<number | null>`${key}`,
      name,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
      buyers: sql<number>`count(distinct ${orders.memberId})::int`,
      chargedCents: cents(sql`sum(${orderLines.amountCents})`),
      creditedCents: cents(sql`sum(${lineCredits})`),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(merchants, eq(merchants.id, products.merchantId))
    .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .where(and(inScope(scope), paidOrder))
    .groupBy(key);
  return rows.map((row) => ({ ...row, netCents: row.chargedCents - row.creditedCents }));
}

/** Per cycle of the scope: paid, credited and received, for the trend chart. */
export async function cycleSeries(db: Db, cycleIds: number[]) {
  if (cycleIds.length === 0) return [];
  const scope = { cycleIds, from: new Date(0), to: new Date(0) };
  const [paid, credited] = await Promise.all([
    db
      .select({
        cycleId: orders.cycleId,
        itemsCents: cents(sql`sum(${orders.itemsCents})`),
        paidCents: cents(
          sql`sum(${orders.itemsCents} - ${orders.discountCents} + ${orders.deliveryFeeCents} + ${orders.cardFeeCents})`,
        ),
        orders: count(),
      })
      .from(orders)
      .where(and(inScope(scope), paidOrder))
      .groupBy(orders.cycleId),
    db
      .select({ cycleId: orders.cycleId, cents: cents(sql`sum(${dollarLedger.amountCents})`) })
      .from(dollarLedger)
      .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
      .where(and(inScope(scope), inArray(dollarLedger.reason, [...SETTLEMENT_CREDIT_REASONS])))
      .groupBy(orders.cycleId),
  ]);
  return cycleIds.map((cycleId) => {
    const sums = paid.find((row) => row.cycleId === cycleId);
    return {
      cycleId,
      itemsCents: sums?.itemsCents ?? 0,
      paidCents: sums?.paidCents ?? 0,
      orders: sums?.orders ?? 0,
      creditedCents: credited.find((row) => row.cycleId === cycleId)?.cents ?? 0,
    };
  });
}
