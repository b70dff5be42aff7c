/**
 * The settlement report of a cycle (issue 6 item 2): per product its buyers, target and result
 * (as decided at settlement, from group_results), what its lines were charged and credited; the
 * credits by reason from the dDollar ledger records of the cycle's orders; and totals that add up
 * (DESIGN §4.8): paid = items − discount + delivery + card fees, credited = Σ of the reasons.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  dollarLedger,
  groupResults,
  members,
  orderCycles,
  orderLines,
  orders,
  products,
} from "~/db/schema/index.ts";
import { productStanding, reportTotals, SETTLEMENT_CREDIT_REASONS } from "~/domain/cycles/cycle-report.ts";
import { clampPage, type TableState } from "~/domain/shared/admin-table.ts";
import type { ProductMode } from "~/domain/shared/pricing.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paidOrder } from "../shared/order-rules.server.ts";

/** Sums of cents can pass 2³¹ on a busy cycle: PostgreSQL's bigint, read as a number. */
const cents = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);

export type ReportPaging = Pick<TableState, "page" | "pageSize"> | "all";

export function createSettlementReportService({ db }: ServiceDeps) {
  /** Per product of the cycle's paid orders, cancelled (limited, missed) lines included. */
  async function productRows(cycleId: number, paging: ReportPaging) {
    const inCycle = and(eq(orders.cycleId, cycleId), paidOrder);
    const [counted] = await db
      .select({ total: sql<number>`count(distinct ${orderLines.productId})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inCycle);
    const total = counted?.total ?? 0;
    const page = paging === "all" ? 0 : clampPage(paging.page, total, paging.pageSize);
    const query = db
      .select({
        productId: orderLines.productId,
        name: sql<string>`min(${orderLines.name})`,
        mode: sql<ProductMode>`min(${orderLines.mode})`,
        unit: sql<string>`min(${orderLines.unit})`,
        quantity: sql<number>`sum(${orderLines.quantity})::int`,
        liveBuyers: sql<number>`count(distinct ${orders.memberId}) filter (where ${orderLines.status} = 'active')::int`,
        cancelledLines: sql<number>`count(*) filter (where ${orderLines.status} <> 'active')::int`,
        chargedCents: cents(sql`sum(${orderLines.amountCents})`),
        creditedCents: cents(sql`sum((select sum(${dollarLedger.amountCents}) from ${dollarLedger}
          where ${dollarLedger.orderLineId} = ${orderLines.id}))`),
        decidedBuyers: groupResults.buyers,
        decidedTarget: groupResults.targetBuyers,
        outcome: groupResults.outcome,
        targetBuyers: products.targetBuyers,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(
        groupResults,
        and(eq(groupResults.cycleId, cycleId), eq(groupResults.productId, orderLines.productId)),
      )
      .where(inCycle)
      .groupBy(
        orderLines.productId,
        products.targetBuyers,
        groupResults.buyers,
        groupResults.targetBuyers,
        groupResults.outcome,
      )
      .orderBy(sql`min(${orderLines.name})`, asc(orderLines.productId));
    const rows =
      paging === "all" ? await query : await query.limit(paging.pageSize).offset(page * paging.pageSize);
    return {
      rows: rows.map((row) => ({
        ...productStanding(row),
        cancelledLines: row.cancelledLines,
        chargedCents: row.chargedCents,
        creditedCents: row.creditedCents,
      })),
      total,
      page,
      pageSize: paging === "all" ? Math.max(total, 1) : paging.pageSize,
    };
  }

  return {
    /** The report of one cycle; null when there is no such cycle. */
    async cycleReport(cycleId: number, paging: ReportPaging) {
      const [found] = await db
        .select({
          cycle: orderCycles,
          settledByName: sql<string | null>`${members.lastName} || ${members.firstName}`,
        })
        .from(orderCycles)
        .leftJoin(members, eq(members.id, orderCycles.settledBy))
        .where(eq(orderCycles.id, cycleId));
      if (!found) return null;
      const [[sums], credits, [pending], productPage, [lineSums]] = await Promise.all([
        db
          .select({
            orders: count(),
            members: sql<number>`count(distinct ${orders.memberId})::int`,
            itemsCents: cents(sql`sum(${orders.itemsCents})`),
            discountCents: cents(sql`sum(${orders.discountCents})`),
            deliveryCents: cents(sql`sum(${orders.deliveryFeeCents})`),
            cardFeeCents: cents(sql`sum(${orders.cardFeeCents})`),
          })
          .from(orders)
          .where(and(eq(orders.cycleId, cycleId), paidOrder)),
        db
          .select({
            reason: dollarLedger.reason,
            records: count(),
            cents: cents(sql`sum(${dollarLedger.amountCents})`),
          })
          .from(dollarLedger)
          .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
          .where(
            and(eq(orders.cycleId, cycleId), inArray(dollarLedger.reason, [...SETTLEMENT_CREDIT_REASONS])),
          )
          .groupBy(dollarLedger.reason),
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.cycleId, cycleId), eq(orders.status, "pending_payment"))),
        productRows(cycleId, paging),
        // Every product's lines together (the page shows only some products).
        db
          .select({
            chargedCents: cents(sql`sum(${orderLines.amountCents})`),
            creditedCents: cents(sql`sum((select sum(${dollarLedger.amountCents}) from ${dollarLedger}
              where ${dollarLedger.orderLineId} = ${orderLines.id}))`),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orders.cycleId, cycleId), paidOrder)),
      ]);
      return {
        cycle: found.cycle,
        settledByName: found.settledByName,
        orders: sums?.orders ?? 0,
        members: sums?.members ?? 0,
        pendingOrders: pending?.n ?? 0,
        totals: reportTotals(
          {
            itemsCents: sums?.itemsCents ?? 0,
            discountCents: sums?.discountCents ?? 0,
            deliveryCents: sums?.deliveryCents ?? 0,
            cardFeeCents: sums?.cardFeeCents ?? 0,
          },
          credits,
        ),
        lines: { chargedCents: lineSums?.chargedCents ?? 0, creditedCents: lineSums?.creditedCents ?? 0 },
        products: productPage,
      };
    },
  };
}
