/**
 * Cancelling an order (DESIGN §4.6, issue 27): by an admin while its cycle takes orders, or by the
 * member while it is unpaid and not said to be paid. Stock and the code's use go back, and
 * everything paid is credited to dDollar under one key per order, so it is credited once.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { dollarLedger, orderCycles, orders, payments } from "~/db/schema/index.ts";
import { type CancelRefusal, cancelCredits, cancelRefusal } from "~/domain/orders/admin-order.schema.ts";
import type { RefundChoice } from "~/domain/payments/refunds.ts";
import { t as eventText } from "~/i18n/order-events.ts";
import { writeLedger } from "../dollars/index.ts";
import { type RefundService, requestRefund } from "../refunds/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { claimPayment } from "../shared/order-rules.server.ts";
import { moveOrder } from "./order-state.server.ts";
import { releaseHeld } from "./stock.server.ts";

export type CancelResult =
  | {
      status: "cancelled";
      number: string;
      releaseCents: number;
      refundCents: number;
      /** Where the paid part went back: dDollar, or a refund to the original payment (decision 0052). */
      refundTo: RefundChoice;
      refundId: number | null;
    }
  /** The refund chosen cannot be made (not paid that way, or more than arrived by it): nothing changed. */
  | { status: "refundRefused"; number: string; refusal: "notPaidThisWay" | "overPaid" }
  | { status: "alreadyCancelled"; number: string }
  | { status: CancelRefusal; number: string; orderStatus: string }
  | { status: "not_found" };

export function createOrderCancelService(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  refunds?: Pick<RefundService, "sendCardRefunds">,
) {
  async function cancelOrder(
    actor: { adminId: string; memberId: null } | { adminId: null; memberId: string },
    orderId: number,
    now: Date,
    refundTo: RefundChoice = "dollar",
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
      const note = eventText(
        actor.memberId === null ? "orderEvent.cancel.creditByAdmin" : "orderEvent.cancel.creditByMember",
      );
      // Decision 0052: the paid part goes back to its card or by transfer when the admin chooses so.
      let refundId: number | null = null;
      if (refundTo !== "dollar" && owed.refundCents > 0) {
        const refund = await requestRefund(tx, {
          orderId: order.id,
          orderNumber: order.number,
          memberId: order.memberId,
          method: refundTo,
          amountCents: owed.refundCents,
          reason: "cancel",
          key: `cancel:${order.id}`,
          adminId: actor.adminId,
          now,
        });
        if (refund.status === "notPaidThisWay" || refund.status === "overPaid")
          return { status: "refundRefused", number: order.number, refusal: refund.status };
        refundId = refund.refundId;
      }
      const base = { memberId: order.memberId, orderId: order.id, adminId: actor.adminId, note, now };
      const [releaseCents = 0, refundCents = 0] = await writeLedger(tx, [
        {
          ...base,
          amountCents: Math.max(0, owed.releaseCents),
          reason: "order_release",
          key: `order:${order.id}:release`,
        },
        {
          ...base,
          amountCents: refundId === null ? Math.max(0, owed.refundCents) : 0,
          reason: "cancel_refund",
          key: `order:${order.id}:cancel_refund`,
        },
      ]);
      await moveOrder(tx, order, {
        to: "cancelled",
        actorId: actor.adminId ?? actor.memberId,
        note: eventText(actor.memberId === null ? "orderEvent.cancel.byAdmin" : "orderEvent.cancel.byMember"),
        now,
        set: { expiresAt: null },
      });
      // Last, as a checkout takes its rows: the member (credited above), the code, the products.
      await releaseHeld(tx, [order]);
      return {
        status: "cancelled",
        number: order.number,
        releaseCents,
        refundCents: refundId === null ? refundCents : owed.refundCents,
        refundTo: refundId === null ? "dollar" : refundTo,
        refundId,
      } as const;
    });
  }

  /** A card refund written with the cancel is asked of the provider once the cancel is committed. */
  async function sendAfterCommit(result: CancelResult): Promise<CancelResult> {
    if (result.status === "cancelled" && result.refundTo === "card" && result.refundId !== null && refunds) {
      await refunds.sendCardRefunds([result.refundId]).catch((error: unknown) => {
        log.warn({ err: error, refundId: result.refundId }, "card refund left for the retry job");
      });
    }
    return result;
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

  return {
    /**
     * DESIGN §4.6: an admin cancels a pending or paid order while its cycle takes orders. Stock and
     * the code's use go back, and the member is credited in dDollar with everything paid: the
     * dDollar used (`order_release`) and the rest (`cancel_refund`), each under one key per order.
     * The cycle's row is held in share mode, so the cut-off cannot pass half-way; the order's row
     * lock makes a second cancel wait and then find the order cancelled.
     */
    async cancel(
      adminId: string,
      orderId: number,
      now = new Date(),
      refundTo: RefundChoice = "dollar",
    ): Promise<CancelResult> {
      return sendAfterCommit(await cancelOrder({ adminId, memberId: null }, orderId, now, refundTo));
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
  };
}
