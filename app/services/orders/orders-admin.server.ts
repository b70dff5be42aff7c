/**
 * The order back office (issue 5 item 6, DESIGN §4.6): /admin/order's list, detail, CSV and print
 * view, and the status changes an admin makes — mark a PayMe order paid, cancel before the cut-off
 * with everything paid credited to dDollar, mark a pickup point's orders ready (texting each
 * member), and collect an order by its pickup code. Every change writes an order event with the
 * admin as actor, under row locks or conditional updates, so a double click or two admins at once
 * change an order once.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
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
  type CancelRefusal,
  COLLECTABLE_STATUSES,
  type CollectRefusal,
  cancelCredits,
  cancelRefusal,
  collectRefusal,
  normalizePickupCode,
  pickupReadySms,
  READY_FROM_STATUSES,
} from "~/domain/orders/admin-order.schema.ts";
import { clampPage } from "~/domain/shared/admin-table.ts";
import { normalizeHkPhone } from "~/domain/shared/phone.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { createPaymentService } from "../payments/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { claimPayment, paymentClaimed } from "../shared/order-rules.server.ts";
import { releaseHeld } from "./stock.server.ts";

/** Every order of a filter, for the CSV file; far above a week's orders. */
export const ORDER_EXPORT_MAX = 10_000;
/** Orders on one printed list (a pickup point's week fits many times over). */
export const ORDER_PRINT_MAX = 500;
/** Texts sent at once when a pickup point's orders become ready. */
const SMS_CONCURRENCY = 5;

export type MarkPaidResult =
  | { status: "paid" | "alreadyPaid" | "lateCredited"; number: string }
  | { status: "not_found" }
  | { status: "notPayme" | "notPayable" | "amountMismatch"; number: string };

export type CancelResult =
  | { status: "cancelled"; number: string; releaseCents: number; refundCents: number }
  | { status: "alreadyCancelled"; number: string }
  | { status: CancelRefusal; number: string; orderStatus: string }
  | { status: "not_found" };

export type CollectResult =
  | {
      status: "collected";
      order: {
        id: number;
        number: string;
        memberName: string;
        phone: string;
        pointName: string;
        lines: { name: string; quantity: number; unit: string }[];
      };
    }
  | { status: "unknown" }
  | { status: CollectRefusal; id: number; number: string; orderStatus: string; collectedAt: Date | null };

/** `%text%` for ILIKE with the admin's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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

const memberName = sql<string>`${members.lastName} || ${members.firstName}`;

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

export function createOrderAdminService(
  { db, log }: ServiceDeps,
  providers: { sms: SmsProvider; payments: ReturnType<typeof createPaymentService> },
) {
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

  /** One dDollar credit with its idempotency key; the cached balance moves only if it was new. */
  async function credit(
    tx: Tx,
    entry: {
      memberId: string;
      orderId: number;
      amountCents: number;
      reason: "order_release" | "cancel_refund";
      adminId: string | null;
      note: string;
      key: string;
      now: Date;
    },
  ): Promise<number> {
    if (entry.amountCents <= 0) return 0;
    const written = await tx
      .insert(dollarLedger)
      .values({
        memberId: entry.memberId,
        amountCents: entry.amountCents,
        reason: entry.reason,
        orderId: entry.orderId,
        adminId: entry.adminId,
        note: entry.note,
        idempotencyKey: entry.key,
        createdAt: entry.now,
      })
      .onConflictDoNothing({ target: dollarLedger.idempotencyKey })
      .returning({ id: dollarLedger.id });
    if (written.length === 0) return 0;
    await tx
      .update(members)
      .set({ dDollarCents: sql`${members.dDollarCents} + ${entry.amountCents}`, updatedAt: entry.now })
      .where(eq(members.id, entry.memberId));
    return entry.amountCents;
  }

  async function cancelOrder(
    actor: { adminId: string; memberId: null } | { adminId: null; memberId: string },
    orderId: number,
    now: Date,
  ): Promise<CancelResult> {
    return db.transaction(async (tx): Promise<CancelResult> => {
      const [found] = await tx.select({ cycleId: orders.cycleId }).from(orders).where(eq(orders.id, orderId));
      if (!found) return { status: "not_found" };
      // Cycle before order, in the order settlement takes them, so the two never deadlock.
      const [cycle] = await tx
        .select({ status: orderCycles.status, cutoffAt: orderCycles.cutoffAt })
        .from(orderCycles)
        .where(eq(orderCycles.id, found.cycleId))
        .for("share");
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order || !cycle) return { status: "not_found" };
      if (order.status === "cancelled") return { status: "alreadyCancelled", number: order.number };
      if (actor.memberId !== null && order.memberId !== actor.memberId) return { status: "not_found" };
      const refusal =
        actor.memberId === null ? cancelRefusal(order, cycle, now) : await memberCancelRefusal(tx, order);
      if (refusal) return { status: refusal, number: order.number, orderStatus: order.status };

      const [credited] = await tx
        .select({ cents: sql<number>`coalesce(sum(${dollarLedger.amountCents}), 0)::int` })
        .from(dollarLedger)
        .where(and(eq(dollarLedger.orderId, order.id), gt(dollarLedger.amountCents, 0)));
      const owed = cancelCredits(order, credited?.cents ?? 0);
      const note = actor.memberId === null ? "管理員取消訂單" : "會員取消訂單";
      const base = { memberId: order.memberId, orderId: order.id, adminId: actor.adminId, note, now };
      const releaseCents = await credit(tx, {
        ...base,
        amountCents: owed.releaseCents,
        reason: "order_release",
        key: `order:${order.id}:release`,
      });
      const refundCents = await credit(tx, {
        ...base,
        amountCents: owed.refundCents,
        reason: "cancel_refund",
        key: `order:${order.id}:cancel_refund`,
      });
      await tx
        .update(orders)
        .set({ status: "cancelled", expiresAt: null, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: "cancelled",
        actorId: actor.adminId ?? actor.memberId,
        note: actor.memberId === null ? "管理員取消" : "會員取消",
        createdAt: now,
      });
      // Last, as a checkout takes its rows: the member (credited above), the code, the products.
      await releaseHeld(tx, [order]);
      return { status: "cancelled", number: order.number, releaseCents, refundCents };
    });
  }

  /** What stops a member cancelling: only an unpaid order, and not one said to be paid (PayMe, FPS). */
  async function memberCancelRefusal(
    tx: Tx,
    order: { id: number; status: string },
  ): Promise<CancelRefusal | null> {
    if (order.status !== "pending_payment") return "status";
    const [claim] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), claimPayment))
      .limit(1);
    return claim ? "claimed" : null;
  }

  /** Runs `send` over `items`, a few at a time; a failed text is logged and the rest go on. */
  async function textEach<T>(items: T[], send: (item: T) => Promise<void>): Promise<number> {
    let sent = 0;
    for (let i = 0; i < items.length; i += SMS_CONCURRENCY) {
      const results = await Promise.allSettled(items.slice(i, i + SMS_CONCURRENCY).map(send));
      for (const result of results) {
        if (result.status === "fulfilled") sent += 1;
        else log.warn({ err: result.reason }, "pickup-ready SMS not sent");
      }
    }
    return sent;
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
      const [counted] = await db
        .select({ total: count() })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(filterOf(query));
      const total = counted?.total ?? 0;
      const page = clampPage(query.page, total, query.pageSize);
      const rows = await filtered(query)
        .limit(query.pageSize)
        .offset(page * query.pageSize);
      return { rows, total, page, pageSize: query.pageSize };
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

    /**
     * An admin has seen the member's PayMe or FPS transfer: the order becomes paid through the one way
     * orders are paid (payments.complete), with the admin as the event's actor. A second click
     * finds the payment settled and changes nothing.
     */
    async markPaid(adminId: string, orderId: number): Promise<MarkPaidResult> {
      const [order] = await db
        .select({ number: orders.number, status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) return { status: "not_found" };
      const [claim] = await db
        .select({
          provider: payments.provider,
          providerRef: payments.providerRef,
          amountCents: payments.amountCents,
        })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), claimPayment))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!claim?.providerRef) return { status: "notPayme", number: order.number };
      if (order.status === "pending_payment" && order.paymentMethod !== claim.provider) {
        return { status: "notPayme", number: order.number };
      }
      const outcome = await providers.payments.complete(
        claim.providerRef,
        { succeeded: true, amountCents: claim.amountCents },
        adminId,
      );
      if (outcome === "paid" || outcome === "alreadyPaid" || outcome === "lateCredited") {
        return { status: outcome, number: order.number };
      }
      if (outcome === "amountMismatch") return { status: "amountMismatch", number: order.number };
      return { status: "notPayable", number: order.number };
    },

    /**
     * DESIGN §4.6: an admin cancels a pending or paid order while its cycle takes orders. Stock and
     * the code's use go back, and the member is credited in dDollar with everything paid: the
     * dDollar used (`order_release`) and the rest (`cancel_refund`), each under one key per order.
     * The cycle's row is held in share mode, so the cut-off cannot pass half-way; the order's row
     * lock makes a second cancel wait and then find the order cancelled.
     */
    async cancel(adminId: string, orderId: number, now = new Date()): Promise<CancelResult> {
      return cancelOrder({ adminId, memberId: null }, orderId, now);
    },

    /**
     * Issue 27: a member cancels their own unpaid order, as an admin would (stock, the code's use
     * and the dDollar used go back). Not an order they said they paid by PayMe: the shop may hold
     * their money (decision 0025); they ask the shop instead.
     */
    async cancelByMember(memberId: string, number: string, now = new Date()): Promise<CancelResult> {
      const [found] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.number, number), eq(orders.memberId, memberId)));
      if (!found) return { status: "not_found" };
      return cancelOrder({ adminId: null, memberId }, found.id, now);
    },

    /**
     * A pickup point's paid and confirmed orders of a cycle become ready for pickup, and each
     * member is texted the order number, the point and the pickup code after the commit. The rows
     * are locked, so a second click (or a second admin) finds none left and texts nobody again.
     */
    async markReady(
      adminId: string,
      target: { cycleId: number; pickupPointId: number },
      now = new Date(),
    ): Promise<{ ready: number; texted: number }> {
      const readied = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(
            and(
              eq(orders.cycleId, target.cycleId),
              eq(orders.pickupPointId, target.pickupPointId),
              inArray(orders.status, [...READY_FROM_STATUSES]),
            ),
          )
          .orderBy(asc(orders.id))
          .for("update");
        if (due.length === 0) return [];
        const ids = due.map((order) => order.id);
        await tx
          .update(orders)
          .set({ status: "ready_for_pickup", updatedAt: now })
          .where(inArray(orders.id, ids));
        await tx.insert(orderEvents).values(
          due.map((order) => ({
            orderId: order.id,
            fromStatus: order.status,
            toStatus: "ready_for_pickup",
            actorId: adminId,
            note: "已送抵自取點",
            createdAt: now,
          })),
        );
        return tx
          .select({
            number: orders.number,
            pickupCode: orders.pickupCode,
            phone: members.phone,
            pointName: pickupPoints.name,
            pointAddress: pickupPoints.address,
            hours: pickupPoints.hours,
          })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
          .where(inArray(orders.id, ids))
          .orderBy(asc(orders.id));
      });
      const texted = await textEach(readied, (order) =>
        providers.sms.send({ to: order.phone, body: pickupReadySms(order) }),
      );
      if (readied.length > 0)
        log.info({ ...target, ready: readied.length, texted }, "orders ready for pickup");
      return { ready: readied.length, texted };
    },

    /**
     * Staff hand an order over: the pickup code (typed or scanned) finds it, and a ready or
     * confirmed order becomes collected; anything else is refused with the reason.
     */
    /**
     * Issue 27: what staff check before handing an order over: the member (surname and the last
     * four digits of the phone, nothing more) and the items, read without changing anything.
     */
    async collectPreview(rawCode: string) {
      const code = normalizePickupCode(rawCode);
      const [order] = await db
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          lastName: members.lastName,
          phone: members.phone,
        })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(eq(orders.pickupCode, code));
      if (!order) return null;
      const lines = await db
        .select({ name: orderLines.name, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id));
      return {
        number: order.number,
        status: order.status,
        // Masked as staff at a counter may see it: the surname and the phone's last four digits.
        member: { surname: order.lastName, phoneEnd: order.phone.slice(-4) },
        lines,
      };
    },

    async collect(adminId: string, rawCode: string, now = new Date()): Promise<CollectResult> {
      const code = normalizePickupCode(rawCode);
      return db.transaction(async (tx): Promise<CollectResult> => {
        const [order] = await tx
          .select({ id: orders.id, number: orders.number, status: orders.status })
          .from(orders)
          .where(eq(orders.pickupCode, code))
          .for("update");
        if (!order) return { status: "unknown" };
        const refusal = collectRefusal(order.status);
        if (refusal) {
          const [collected] =
            refusal === "alreadyCollected"
              ? await tx
                  .select({ at: orderEvents.createdAt })
                  .from(orderEvents)
                  .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "collected")))
                  .orderBy(desc(orderEvents.createdAt))
                  .limit(1)
              : [];
          return {
            status: refusal,
            id: order.id,
            number: order.number,
            orderStatus: order.status,
            collectedAt: collected?.at ?? null,
          };
        }
        await tx
          .update(orders)
          .set({ status: "collected", updatedAt: now })
          .where(and(eq(orders.id, order.id), inArray(orders.status, [...COLLECTABLE_STATUSES])));
        await tx.insert(orderEvents).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: "collected",
          actorId: adminId,
          note: `取貨碼 ${code}`,
          createdAt: now,
        });
        const [detail] = await tx
          .select({ memberName, phone: members.phone, pointName: pickupPoints.name })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
          .where(eq(orders.id, order.id));
        const lines = await tx
          .select({ name: orderLines.name, quantity: orderLines.quantity, unit: orderLines.unit })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.status, "active")))
          .orderBy(asc(orderLines.id));
        return {
          status: "collected",
          order: {
            id: order.id,
            number: order.number,
            memberName: detail?.memberName ?? "",
            phone: detail?.phone ?? "",
            pointName: detail?.pointName ?? "",
            lines,
          },
        };
      });
    },
  };
}
