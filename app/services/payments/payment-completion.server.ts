/**
 * Money arriving for an order (DESIGN §4.6, issue 44 item 1): a provider's verified result or an
 * admin's confirmation of a PayMe or FPS transfer. Every payment that arrives is recorded: it pays
 * its order when the order waits for exactly that amount; otherwise (the order already paid,
 * expired or cancelled, or another amount) the money is kept for the member as dDollar, the member
 * is texted, and an admin sees it at /admin/payment-review. Nothing is answered as handled without
 * being written.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { type KeptPaymentReason, orders, paymentEvents, payments } from "~/db/schema/index.ts";
import type { LedgerReason } from "~/domain/dollars/ledger-reasons.ts";
import { CLAIM_METHODS } from "~/domain/orders/orders.ts";
import { writeLedgerEntry } from "../dollars/index.ts";
import { moveOrder } from "../orders/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { queueKeptNotice } from "./kept-notice.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What became of money that did not pay its order. */
export type KeptOutcome = "lateCredited" | "duplicateCredited" | "mismatchCredited";

export type PaymentOutcome =
  | "paid"
  /** This payment was settled before (a provider's retry, a second click): nothing changes. */
  | "alreadyPaid"
  | "failed"
  /** No payment of ours has this reference. */
  | "unknown"
  /** This provider event was handled before. */
  | "duplicate"
  | KeptOutcome;

export type ConfirmTransferResult =
  | { status: "paid" | "alreadyPaid" | KeptOutcome; number: string }
  | { status: "not_found" }
  | { status: "notPayme" | "notPayable"; number: string };

const keptOutcome: Record<KeptPaymentReason, KeptOutcome> = {
  late: "lateCredited",
  duplicate: "duplicateCredited",
  mismatch: "mismatchCredited",
};

const keptLedgerReason: Record<KeptPaymentReason, LedgerReason> = {
  late: "late_payment_refund",
  duplicate: "duplicate_payment_refund",
  mismatch: "mismatch_payment_refund",
};

/** Outcomes after which money is with the shop and recorded: the member sees a success page. */
export function moneyReceived(outcome: PaymentOutcome): boolean {
  return (
    outcome === "paid" ||
    outcome === "alreadyPaid" ||
    (Object.values(keptOutcome) as string[]).includes(outcome)
  );
}

export function createPaymentCompletion({ db, log, env }: ServiceDeps, providerName: string) {
  /** Money that did not pay its order: recorded on the payment, credited as dDollar, the member to be texted. */
  async function keep(
    tx: Tx,
    payment: typeof payments.$inferSelect,
    order: { id: number; memberId: string; number: string },
    reason: KeptPaymentReason,
    receivedCents: number,
    now: Date,
  ): Promise<KeptOutcome> {
    // A provider never reports a negative amount; a missing one (Stripe's null) is recorded as none.
    const credit = Math.max(0, receivedCents);
    await tx
      .update(payments)
      .set({
        status: "succeeded",
        receivedCents: credit,
        keptReason: reason,
        keptNoticeDue: credit > 0,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
    await writeLedgerEntry(tx, {
      memberId: order.memberId,
      amountCents: credit,
      reason: keptLedgerReason[reason],
      orderId: order.id,
      note: payment.provider,
      // The key of the records written before issue 44 (late payments only), so none is written twice.
      key: `payment:${payment.id}:${reason === "late" ? "late" : "kept"}`,
      now,
    });
    // The admins hear of it by email, queued with the credit (issue 46 item 5).
    if (credit > 0)
      await queueKeptNotice(tx, { payment, order, reason, credit, now, publicUrl: env.PUBLIC_URL });
    log.warn(
      {
        orderId: order.id,
        paymentId: payment.id,
        provider: payment.provider,
        providerRef: payment.providerRef,
        reason,
        expectedCents: payment.amountCents,
        receivedCents,
      },
      "money that did not pay its order; kept as dDollar for review",
    );
    return keptOutcome[reason];
  }

  const completion = {
    /**
     * A payment's result. Runs once per payment: the order's row and then the payment's are locked
     * (the order first, as every other writer of both does), a settled payment is left alone, and
     * the order becomes paid only when it waits for payment and the amount is what was asked.
     * `actorId` is the admin who confirmed a PayMe or FPS transfer (null for a provider's callback).
     */
    async complete(
      providerRef: string,
      result: { succeeded: boolean; amountCents: number },
      actorId: string | null = null,
      event?: { id: string; type: string },
      now = new Date(),
    ): Promise<PaymentOutcome> {
      return db.transaction(async (tx) => {
        // A provider's event is handled once, in the same transaction as its effect.
        if (event) {
          const fresh = await tx
            .insert(paymentEvents)
            .values({ id: event.id, provider: providerName, type: event.type })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (fresh.length === 0) return "duplicate";
        }
        const [found] = await tx
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(eq(payments.providerRef, providerRef));
        if (!found) {
          log.warn({ providerRef, event: event?.id }, "a payment result for a payment we did not start");
          return "unknown";
        }
        const [order] = await tx
          .select({ id: orders.id, memberId: orders.memberId, status: orders.status, number: orders.number })
          .from(orders)
          .where(eq(orders.id, found.orderId))
          .for("update");
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.providerRef, providerRef))
          .for("update");
        if (!order || !payment) return "unknown";
        if (payment.status === "succeeded") return "alreadyPaid";
        if (!result.succeeded) {
          if (payment.status === "pending") {
            await tx
              .update(payments)
              .set({ status: "failed", updatedAt: now })
              .where(eq(payments.id, payment.id));
          }
          return "failed";
        }
        const kept: KeptPaymentReason | null =
          result.amountCents !== payment.amountCents
            ? "mismatch"
            : order.status === "pending_payment"
              ? null
              : order.status === "expired" || order.status === "cancelled"
                ? "late"
                : "duplicate";
        if (kept) return keep(tx, payment, order, kept, result.amountCents, now);
        await moveOrder(tx, order, {
          to: "paid",
          actorId,
          note: payment.provider,
          now,
          set: { paidAt: now, expiresAt: null, pendingNotice: "paid" },
        });
        await tx
          .update(payments)
          .set({ status: "succeeded", receivedCents: result.amountCents, updatedAt: now })
          .where(eq(payments.id, payment.id));
        return "paid";
      });
    },
  };

  return {
    ...completion,
    /**
     * An admin has seen the member's PayMe or FPS transfer: the money arrives through the one way
     * money arrives (`complete`), with the admin as the event's actor. It pays the order while the
     * order waits for it, and is kept as dDollar otherwise (issue 44). A second click finds the
     * payment settled and changes nothing.
     */
    async confirmTransfer(adminId: string, orderId: number): Promise<ConfirmTransferResult> {
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
        .where(and(eq(payments.orderId, orderId), inArray(payments.provider, [...CLAIM_METHODS])))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!claim?.providerRef) return { status: "notPayme", number: order.number };
      if (order.status === "pending_payment" && order.paymentMethod !== claim.provider) {
        return { status: "notPayme", number: order.number };
      }
      const outcome = await completion.complete(
        claim.providerRef,
        { succeeded: true, amountCents: claim.amountCents },
        adminId,
      );
      if (moneyReceived(outcome)) {
        return { status: outcome as "paid" | "alreadyPaid" | KeptOutcome, number: order.number };
      }
      return { status: "notPayable", number: order.number };
    },
  };
}
