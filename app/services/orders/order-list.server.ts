/**
 * /admin/order's list, its filters, the CSV rows, the print view and one order's detail: reads
 * only (issue 5 item 6).
 */

import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import {
  discountCodes,
  dollarLedger,
  members,
  orderCycles,
  orderEvents,
  orderLines,
  orders,
  payments,
  pickupPoints,
} from "~/db/schema/index.ts";
import {
  type AdminOrderListQuery,
  AWAITING_CONFIRMATION,
  READY_FROM_STATUSES,
} from "~/domain/orders/admin-order.schema.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { normalizeHkPhone } from "~/domain/shared/phone.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import { claimPayment, paymentClaimed } from "../shared/order-rules.server.ts";

/** Every order of a filter, for the CSV file; far above a week's orders. */
const ORDER_EXPORT_MAX = 10_000;
/** Orders on one printed list (a pickup point's week fits many times over). */
const ORDER_PRINT_MAX = 500;
/** When the member said they paid by PayMe or FPS (the claim's payment row), or null. */
const claimedAt = sql<Date | null>`(select min(${payments.createdAt}) from ${payments} where ${payments.orderId} = ${orders.id} and ${claimPayment})`;

/**
 * A PayMe or FPS claim waiting for an admin's confirmation (decision 0025). Only unpaid orders
 * have an expiry, so the partial index on it finds them without reading every order.
 */
const awaitingConfirmation = sql<boolean>`(${orders.expiresAt} is not null and ${orders.status} = 'pending_payment' and ${paymentClaimed})`;

/** The list's filters as SQL: cycle, status, pickup point, method, and member phone or order number. */
function filterOf(query: AdminOrderListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.cycleId !== null) conditions.push(eq(orders.cycleId, query.cycleId));
  if (query.status === AWAITING_CONFIRMATION) conditions.push(awaitingConfirmation);
  else if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.pickupPointId !== null) conditions.push(eq(orders.pickupPointId, query.pickupPointId));
  if (query.paymentMethod) conditions.push(eq(orders.paymentMethod, query.paymentMethod));
  if (query.q) {
    const byNumber = ilike(orders.number, containsPattern(query.q));
    const digits = normalizeHkPhone(query.q);
    conditions.push(
      /^\d{1,8}$/.test(digits) ? (or(byNumber, like(members.phone, `${digits}%`)) as SQL) : byNumber,
    );
  }
  return and(...conditions);
}

export const memberName = sql<string>`${members.lastName} || ${members.firstName}`;

const listColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  memberId: orders.memberId,
  memberName,
  phone: members.phone,
  pointName: pickupPoints.name,
  pickupCode: orders.pickupCode,
  itemsCents: orders.itemsCents,
  discountCents: orders.discountCents,
  deliveryFeeCents: orders.deliveryFeeCents,
  dDollarUsedCents: orders.dDollarUsedCents,
  payableCents: orders.payableCents,
  cardFeeCents: orders.cardFeeCents,
  paymentMethod: orders.paymentMethod,
  remark: orders.remark,
  createdAt: orders.createdAt,
  awaitingConfirmation,
  /** For a claim waiting for confirmation: when it expires unless an admin confirms it. */
  expiresAt: orders.expiresAt,
};

/**
 * Newest first; the claims waiting for confirmation oldest claim first, so the one closest to
 * its deadline is checked first.
 */
function orderOf(query: AdminOrderListQuery): SQL[] {
  return query.status === AWAITING_CONFIRMATION
    ? [asc(claimedAt), asc(orders.id)]
    : [desc(orders.createdAt), desc(orders.id)];
}

export function createOrderListService({ db }: Pick<ServiceDeps, "db">) {
  /** Filtered orders, newest first, with their member and pickup point. */
  function filtered(query: AdminOrderListQuery) {
    return db
      .select(listColumns)
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
      .where(filterOf(query))
      .orderBy(...orderOf(query));
  }

  async function linesOf(orderIds: number[]) {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: orderLines.orderId,
        name: orderLines.name,
        quantity: orderLines.quantity,
        unit: orderLines.unit,
        status: orderLines.status,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id));
  }

  return {
    /** The filters' choices: recent cycles (newest first) and every pickup point. */
    async filterOptions() {
      const [cycles, points] = await Promise.all([
        db
          .select({ id: orderCycles.id, cutoffAt: orderCycles.cutoffAt, status: orderCycles.status })
          .from(orderCycles)
          .orderBy(desc(orderCycles.cutoffAt))
          .limit(60),
        db
          .select({ id: pickupPoints.id, name: pickupPoints.name, active: pickupPoints.active })
          .from(pickupPoints)
          .orderBy(asc(pickupPoints.name), asc(pickupPoints.id)),
      ]);
      return { cycles, points };
    },

    /** /admin/order: one page of the filtered orders, newest first. */
    async list(query: AdminOrderListQuery) {
      return readListPage(
        query,
        db
          .select({ total: count() })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .where(filterOf(query)),
        filtered(query).$dynamic(),
      );
    },

    /** How many PayMe claims wait for an admin's confirmation (decision 0025). */
    async awaitingCount(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(orders).where(awaitingConfirmation);
      return row?.total ?? 0;
    },

    /** How many orders of this point and cycle the "ready for pickup" step would take. */
    async readyCount(cycleId: number, pickupPointId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(orders)
        .where(
          and(
            eq(orders.cycleId, cycleId),
            eq(orders.pickupPointId, pickupPointId),
            inArray(orders.status, [...READY_FROM_STATUSES]),
          ),
        );
      return row?.total ?? 0;
    },

    /** Every filtered order (up to ORDER_EXPORT_MAX) with its lines in one text, for the CSV file. */
    async exportRows(query: AdminOrderListQuery) {
      return db
        .select({
          ...listColumns,
          cutoffAt: orderCycles.cutoffAt,
          lines: sql<string>`coalesce((select string_agg(${orderLines.name} || ' × ' || ${orderLines.quantity}, '；' order by ${orderLines.id}) from ${orderLines} where ${orderLines.orderId} = ${orders.id}), '')`,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
        .where(filterOf(query))
        .orderBy(...orderOf(query))
        .limit(ORDER_EXPORT_MAX);
    },

    /** The print view: filtered orders (up to ORDER_PRINT_MAX), by pickup point then number, with lines. */
    async printRows(query: AdminOrderListQuery) {
      const rows = await db
        .select(listColumns)
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .where(filterOf(query))
        .orderBy(asc(pickupPoints.name), asc(orders.number))
        .limit(ORDER_PRINT_MAX + 1);
      const shown = rows.slice(0, ORDER_PRINT_MAX);
      const lines = await linesOf(shown.map((row) => row.id));
      return {
        truncated: rows.length > ORDER_PRINT_MAX,
        rows: shown.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id) })),
      };
    },

    /** /admin/order/:id: the order with lines, payments, dDollar records and status history. */
    async get(id: number) {
      const [order] = await db
        .select({
          ...listColumns,
          cycleId: orders.cycleId,
          paidAt: orders.paidAt,
          expiresAt: orders.expiresAt,
          percentageDiscount: orders.percentageDiscount,
          discountCode: discountCodes.code,
          pointAddress: pickupPoints.address,
          pickupPointId: orders.pickupPointId,
          cutoffAt: orderCycles.cutoffAt,
          cycleStatus: orderCycles.status,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
        .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
        .leftJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
        .where(eq(orders.id, id));
      if (!order) return null;
      const [lines, paymentRows, events, credits] = await Promise.all([
        db
          .select({
            id: orderLines.id,
            name: orderLines.name,
            mode: orderLines.mode,
            quantity: orderLines.quantity,
            unit: orderLines.unit,
            defaultWeight: orderLines.defaultWeight,
            unitPriceCents: orderLines.unitPriceCents,
            amountCents: orderLines.amountCents,
            actualWeight: orderLines.actualWeight,
            status: orderLines.status,
            // Found missing (at pickup or by an admin) and given back once (decision 0052).
            missing: sql<boolean>`exists (select 1 from pickup_shortages ps where ps.order_line_id = ${orderLines.id})`,
          })
          .from(orderLines)
          .where(eq(orderLines.orderId, id))
          .orderBy(asc(orderLines.id)),
        db
          .select({
            id: payments.id,
            provider: payments.provider,
            providerRef: payments.providerRef,
            amountCents: payments.amountCents,
            status: payments.status,
            keptReason: payments.keptReason,
            receivedCents: payments.receivedCents,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(eq(payments.orderId, id))
          .orderBy(asc(payments.createdAt), asc(payments.id)),
        db
          .select({
            id: orderEvents.id,
            fromStatus: orderEvents.fromStatus,
            toStatus: orderEvents.toStatus,
            note: orderEvents.note,
            createdAt: orderEvents.createdAt,
            actorId: orderEvents.actorId,
            actorName: sql<string | null>`${members.lastName} || ${members.firstName}`,
            actorPhone: members.phone,
            actorType: members.type,
          })
          .from(orderEvents)
          .leftJoin(members, eq(members.id, orderEvents.actorId))
          .where(eq(orderEvents.orderId, id))
          .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
        db
          .select({
            id: dollarLedger.id,
            reason: dollarLedger.reason,
            amountCents: dollarLedger.amountCents,
            note: dollarLedger.note,
            createdAt: dollarLedger.createdAt,
          })
          .from(dollarLedger)
          .where(eq(dollarLedger.orderId, id))
          .orderBy(asc(dollarLedger.createdAt), asc(dollarLedger.id)),
      ]);
      return {
        order,
        lines,
        payments: paymentRows,
        events: events.map((event) => ({ ...event, byMember: event.actorId === order.memberId })),
        credits,
      };
    },
  };
}
