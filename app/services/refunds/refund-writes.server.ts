/**
 * Writing a refund to the original payment (issue 46 item 4, decision 0052), in the transaction of
 * what caused it (an admin's cancel, a missing line, a kept payment's review) and under that
 * order's row lock, held by the caller. One refund per idempotency key, so a double click writes
 * one; and a payment never gives back more than arrived by it, counted in the same transaction.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { payments, refunds } from "~/db/schema/index.ts";
import { COUNTED_STATES, type RefundMethod, type RefundReason } from "~/domain/payments/refunds.ts";
import { queueCreditNotice } from "../shared/credit-notices.server.ts";

export interface RefundRequest {
  orderId: number;
  orderNumber: string;
  memberId: string;
  method: RefundMethod;
  amountCents: number;
  reason: RefundReason;
  /** `cancel:<order>`, `missing:<line>`, `kept:<payment>`. */
  key: string;
  adminId: string | null;
  /** The payment given back; by default the one that paid the order by `method`. */
  paymentId?: number;
  orderLineId?: number | null;
  now: Date;
}

export type RefundWrite =
  | { status: "requested"; refundId: number; amountCents: number }
  /** This effect was refunded before (a double click): nothing new is written. */
  | { status: "duplicate"; refundId: number; amountCents: number }
  /** No payment of the order arrived by this method. */
  | { status: "notPaidThisWay" }
  /** More than is left of what arrived by it. */
  | { status: "overPaid"; availableCents: number };

/** The providers whose money goes back by each method (the sandbox is the card in demo mode). */
const PROVIDERS: Record<RefundMethod, ("card" | "sandbox" | "payme" | "fps")[]> = {
  card: ["card", "sandbox"],
  payme: ["payme"],
  fps: ["fps"],
};

/** The payment that paid the order by `method` (not money kept for the member). */
async function payingPayment(tx: Tx, orderId: number, method: RefundMethod) {
  const [found] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, "succeeded"),
        isNull(payments.keptReason),
        inArray(payments.provider, PROVIDERS[method]),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Writes the refund once per key, within what is left of its payment: what arrived by it, less the
 * refunds of it not refused by the provider. The caller holds the order's row lock, so two refunds
 * of one order are counted one after the other.
 */
export async function requestRefund(tx: Tx, request: RefundRequest): Promise<RefundWrite> {
  const [before] = await tx
    .select({ id: refunds.id, amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.idempotencyKey, request.key));
  if (before) return { status: "duplicate", refundId: before.id, amountCents: before.amountCents };
  const paymentId = request.paymentId ?? (await payingPayment(tx, request.orderId, request.method));
  if (paymentId === null) return { status: "notPaidThisWay" };
  const [payment] = await tx
    .select({
      provider: payments.provider,
      orderId: payments.orderId,
      received: sql<number>`coalesce(${payments.receivedCents}, 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, "succeeded")))
    .for("update");
  if (
    !payment ||
    payment.orderId !== request.orderId ||
    !(PROVIDERS[request.method] as string[]).includes(payment.provider)
  )
    return { status: "notPaidThisWay" };
  const [refunded] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.state, [...COUNTED_STATES])));
  const availableCents = payment.received - (refunded?.cents ?? 0);
  if (request.amountCents > availableCents) return { status: "overPaid", availableCents };
  const [written] = await tx
    .insert(refunds)
    .values({
      orderId: request.orderId,
      memberId: request.memberId,
      method: request.method,
      amountCents: request.amountCents,
      reason: request.reason,
      paymentId,
      orderLineId: request.orderLineId ?? null,
      idempotencyKey: request.key,
      createdBy: request.adminId,
      createdAt: request.now,
      updatedAt: request.now,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning({ id: refunds.id });
  if (!written) throw new Error(`refund ${request.key} written twice under the order's lock`);
  // The member is texted by the credit-sms job after the commit, as every credit (issue 47 item 4).
  await queueCreditNotice(tx, {
    batch: `refund:${written.id}`,
    memberId: request.memberId,
    kind: "refund",
    cents: request.amountCents,
    orderNumber: request.orderNumber,
    detail: (words) => words.t(`creditNotice.refund.${request.method}`),
    now: request.now,
  });
  return { status: "requested", refundId: written.id, amountCents: request.amountCents };
}
