/**
 * Refunds to the original payment (issue 46 item 4, decision 0052): money going back out of the
 * shop, to the card it came from or by a PayMe or FPS transfer an admin sends. dDollar refunds stay
 * ledger records (DESIGN §4.10); a refund's form offers all four, dDollar first.
 */
import { z } from "zod";

/** Where money can go back to, besides dDollar. */
export const REFUND_METHODS = ["card", "payme", "fps"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The admin's choice on every refund form; dDollar stays the default. */
const REFUND_CHOICES = ["dollar", ...REFUND_METHODS] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/**
 * `requested`: written, not yet sent (a card refund about to be asked of the provider, a transfer in
 * the queue); `sent`: the provider took it and has not said it is done; `succeeded` / `failed`: the
 * provider's word; `recorded`: an admin sent the transfer and wrote its reference.
 */
export const REFUND_STATES = ["requested", "sent", "succeeded", "failed", "recorded"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_REASONS = ["cancel", "missing_line", "kept_payment"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** States still counted against what was paid: all but a refund the provider refused. */
export const COUNTED_STATES: readonly RefundState[] = ["requested", "sent", "succeeded", "recorded"];

/** A provider's word moves a refund forward only: a retried or late webhook never undoes one. */
export function nextCardState(
  current: RefundState,
  reported: "succeeded" | "failed" | "pending",
): RefundState {
  if (current === "succeeded" || current === "failed" || current === "recorded") return current;
  if (reported === "pending") return "sent";
  return reported;
}

/** Which refund method pays back money that arrived by a payment provider of ours. */
export function refundMethodOf(provider: string): RefundMethod | null {
  if (provider === "card" || provider === "sandbox") return "card";
  if (provider === "payme" || provider === "fps") return provider;
  return null;
}

/** The refund choice on the cancel, missing-line and kept-payment forms (browser and server). */
export const refundChoiceSchema = z.object({
  refundTo: z.enum(REFUND_CHOICES).default("dollar"),
});

/** Recording a PayMe or FPS transfer sent (the refunds queue): its reference, as the bank shows it. */
export const recordTransferSchema = z.object({
  intent: z.literal("record"),
  refundId: z.coerce.number().int().positive(),
  reference: z
    .string({ error: "admin.refunds.referenceRequired" })
    .trim()
    .min(1, "admin.refunds.referenceRequired")
    .max(100),
});

/** The queue's filter: one state, or all of them. */
export function parseRefundState(value: string | null): RefundState | null {
  return (REFUND_STATES as readonly string[]).includes(value ?? "") ? (value as RefundState) : null;
}
