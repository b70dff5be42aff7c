/**
 * What members read about their own orders (issue 5 item 5): /order (status, amounts, pickup point
 * and dates, pickup code and its QR, the settlement statement), /order/print and /invoice. Every
 * read is scoped to the member: another member's order number finds nothing.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  discountCodes,
  dollarLedger,
  groupResults,
  orderCycles,
  orderLines,
  orders,
  pickupPoints,
  pickupShortages,
  refunds,
} from "~/db/schema/index.ts";
import type { LineStanding } from "~/domain/cycles/settlement.ts";
import { MEMBER_ORDER_FILTERS, type MemberOrderFilter, PAID_ORDER_STATUSES } from "~/domain/orders/orders.ts";
import type { RefundMethod } from "~/domain/payments/refunds.ts";
import { pickupQrPayload } from "~/domain/pickup/index.ts";
import { allInLanguage, inLanguage } from "~/domain/shared/content-language.ts";
import { lineStanding, orderLineTerms } from "../cycles/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paymentClaimed } from "../shared/order-rules.server.ts";
import { qrSvg } from "../shared/qr.server.ts";

const MEMBER_ORDERS_PER_PAGE = 10;
/** /order/print lists at most this many of the newest orders. */
const PRINT_ORDERS_MAX = 50;

const paidStatuses: readonly string[] = PAID_ORDER_STATUSES;

/** DESIGN §4.8: what a line finally costs (weighed amount, group price) as it stands, by settlement's rules. */
const standing = lineStanding(orderLineTerms(groupResults.outcome));

export function createMemberOrderService({ db }: ServiceDeps) {
  /** The orders in the page's language (issue 48): names as sold, pickup points as they are now. */
  async function load(memberId: string, english: boolean, where: SQL, limit: number, offset = 0) {
    const rows = await db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        pickupCode: orders.pickupCode,
        remark: orders.remark,
        itemsCents: orders.itemsCents,
        discountCents: orders.discountCents,
        percentageDiscount: orders.percentageDiscount,
        discountCode: discountCodes.code,
        deliveryFeeCents: orders.deliveryFeeCents,
        dDollarUsedCents: orders.dDollarUsedCents,
        payableCents: orders.payableCents,
        cardFeeCents: orders.cardFeeCents,
        paymentMethod: orders.paymentMethod,
        expiresAt: orders.expiresAt,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        pickupPointName: pickupPoints.name,
        pickupPointNameEn: pickupPoints.nameEn,
        pickupPointAddress: pickupPoints.address,
        pickupPointAddressEn: pickupPoints.addressEn,
        pickupHours: pickupPoints.hours,
        pickupHoursEn: pickupPoints.hoursEn,
        pickupFrom: orderCycles.pickupFrom,
        pickupTo: orderCycles.pickupTo,
        claimed: sql<boolean>`${paymentClaimed}`,
      })
      .from(orders)
      .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
      .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
      .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset);
    const ids = rows.map((row) => row.id);
    const [lines, credits, refundRows] =
      ids.length === 0
        ? [[], [], []]
        : await Promise.all([
            db
              .select({
                id: orderLines.id,
                orderId: orderLines.orderId,
                name: orderLines.name,
                nameEn: orderLines.nameEn,
                unit: orderLines.unit,
                defaultWeight: orderLines.defaultWeight,
                quantity: orderLines.quantity,
                unitPriceCents: orderLines.unitPriceCents,
                amountCents: orderLines.amountCents,
                actualWeight: orderLines.actualWeight,
                status: orderLines.status,
                // Marked missing at pickup (decision 0034): refunded, shown as 缺貨退款.
                missing: sql<boolean>`${pickupShortages.orderLineId} is not null`,
                // Where a missing line's money went when not to dDollar (decision 0052).
                missingRefundTo: sql<RefundMethod | null>`(
                  select r.method from refunds r
                  where r.order_line_id = ${orderLines.id} and r.reason = 'missing_line'
                  order by r.id limit 1)`,
                standingUnitPriceCents: standing.unitPriceCents,
                standingAmountCents: standing.amountCents,
                standingChargedCents: standing.chargedCents,
                standingWeighedQuantity: standing.weighedQuantity.mapWith(orderLines.actualWeight),
                standingAwaitsWeighing: standing.awaitsWeighing,
              })
              .from(orderLines)
              .innerJoin(orders, eq(orders.id, orderLines.orderId))
              .leftJoin(pickupShortages, eq(pickupShortages.orderLineId, orderLines.id))
              .leftJoin(
                groupResults,
                and(
                  eq(groupResults.cycleId, orders.cycleId),
                  eq(groupResults.productId, orderLines.productId),
                ),
              )
              .where(inArray(orderLines.orderId, ids))
              .orderBy(asc(orderLines.id)),
            db
              .select({
                id: dollarLedger.id,
                orderId: dollarLedger.orderId,
                reason: dollarLedger.reason,
                amountCents: dollarLedger.amountCents,
                lineName: orderLines.name,
                lineNameEn: orderLines.nameEn,
              })
              .from(dollarLedger)
              .leftJoin(orderLines, eq(orderLines.id, dollarLedger.orderLineId))
              .where(and(inArray(dollarLedger.orderId, ids), eq(dollarLedger.memberId, memberId)))
              .orderBy(asc(dollarLedger.createdAt), asc(dollarLedger.id)),
            // Refunds to the card or by transfer (decision 0052), with their state.
            db
              .select({
                id: refunds.id,
                orderId: refunds.orderId,
                method: refunds.method,
                amountCents: refunds.amountCents,
                state: refunds.state,
                reason: refunds.reason,
                lineName: orderLines.name,
                lineNameEn: orderLines.nameEn,
              })
              .from(refunds)
              .leftJoin(orderLines, eq(orderLines.id, refunds.orderLineId))
              .where(and(inArray(refunds.orderId, ids), eq(refunds.memberId, memberId)))
              .orderBy(asc(refunds.id)),
          ]);
    return Promise.all(
      rows.map(async (row) => ({
        ...inLanguage(row, ["pickupPointName", "pickupPointAddress", "pickupHours"], english),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        paidAt: row.paidAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        // Issue 47 item 1: an order not paid (unpaid, awaiting the shop, cancelled, expired) cannot be
        // collected, so its code is not sent to the page at all.
        pickupCode: paidStatuses.includes(row.status) ? row.pickupCode : null,
        /** The code the order used, named beside each line's credit (DESIGN §4.8, issue 47 item 3). */
        discount:
          row.percentageDiscount < 100
            ? { code: row.discountCode, percentage: row.percentageDiscount }
            : null,
        // Said to be paid by PayMe or FPS (decision 0025): waiting for the shop until `expiresAt`.
        awaitingConfirmation: row.status === "pending_payment" && row.claimed,
        /** How the member said they paid (the claim sets the order's method). */
        claimMethod: row.claimed
          ? row.paymentMethod === "fps"
            ? ("fps" as const)
            : ("payme" as const)
          : null,
        lines: lines
          .filter((line) => line.orderId === row.id)
          .map(
            ({
              standingUnitPriceCents,
              standingAmountCents,
              standingChargedCents,
              standingWeighedQuantity,
              standingAwaitsWeighing,
              ...line
            }) => ({
              ...inLanguage(line, ["name"], english),
              standing: {
                unitPriceCents: standingUnitPriceCents,
                amountCents: standingAmountCents,
                chargedCents: standingChargedCents,
                weighedQuantity: standingWeighedQuantity,
                awaitsWeighing: standingAwaitsWeighing,
              } satisfies LineStanding,
            }),
          ),
        credits: allInLanguage(
          credits.filter((credit) => credit.orderId === row.id),
          ["lineName"],
          english,
        ),
        refunds: allInLanguage(
          refundRows.filter((refund) => refund.orderId === row.id),
          ["lineName"],
          english,
        ),
        // Only a paid order can be collected, so only it carries a scannable code.
        // The QR names the shop before the code (issue 31 item 2), so staff's scanner knows a foreign one.
        pickupQr: paidStatuses.includes(row.status) ? await qrSvg(pickupQrPayload(row.pickupCode)) : null,
      })),
    );
  }

  return {
    /** /order?page=&status= : the member's orders, newest first, of one kind or all. */
    async page(memberId: string, english: boolean, page: number, filter: MemberOrderFilter | null = null) {
      const where = filter
        ? (and(
            eq(orders.memberId, memberId),
            inArray(orders.status, [...MEMBER_ORDER_FILTERS[filter]]),
          ) as SQL)
        : eq(orders.memberId, memberId);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(orders).where(where),
        load(memberId, english, where, MEMBER_ORDERS_PER_PAGE, page * MEMBER_ORDERS_PER_PAGE),
      ]);
      return { orders: rows, page, pageCount: Math.ceil((total?.n ?? 0) / MEMBER_ORDERS_PER_PAGE) };
    },

    /** /order/print: the newest orders that were paid (what the member collects or has collected). */
    async printable(memberId: string, english: boolean) {
      return load(
        memberId,
        english,
        and(eq(orders.memberId, memberId), inArray(orders.status, [...PAID_ORDER_STATUSES])) as SQL,
        PRINT_ORDERS_MAX,
      );
    },

    /** /invoice?order= : one of the member's orders, or null (someone else's looks the same as none). */
    async receipt(memberId: string, english: boolean, number: string) {
      const [order] = await load(
        memberId,
        english,
        and(eq(orders.memberId, memberId), eq(orders.number, number)) as SQL,
        1,
      );
      return order ?? null;
    },
  };
}
