/**
 * Card payments behind one interface (DESIGN §5): Stripe Checkout in production, the built-in
 * sandbox elsewhere. A provider starts a hosted payment and later reports its result; the order is
 * paid only on that report (a verified webhook for Stripe), never on the browser's redirect alone.
 */
interface StartPayment {
  /** Our payment id: the provider echoes it back with the result. */
  reference: string;
  orderNumber: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

/** A provider's verified notification, in our words. */
export type CardEvent =
  | { id: string; type: string; outcome: "ignored" }
  | { id: string; type: string; outcome: "succeeded" | "failed"; providerRef: string; amountCents: number }
  | {
      id: string;
      type: string;
      outcome: "refund";
      providerRefundId: string;
      /** Our idempotency key of the refund, when the provider echoes it. */
      reference: string | null;
      state: CardRefundState;
    };

/** Where a card refund stands at the provider: done, refused, or still on its way. */
export type CardRefundState = "succeeded" | "failed" | "pending";

interface StartRefund {
  /** The provider's id of the paid payment (`providerRef` of `start`). */
  paymentRef: string;
  amountCents: number;
  /** Ours, once per refund: a retried call refunds once. */
  idempotencyKey: string;
}

export interface CardProvider {
  readonly name: "sandbox" | "stripe";
  /** Returns where to send the member to pay, and the provider's id for this payment. */
  start(payment: StartPayment): Promise<{ redirectUrl: string; providerRef: string }>;
  /**
   * Ends an open payment so it can no longer be paid (one open card session per order, issue 44):
   * `expired`, or `completed` when the member had already paid it (its result is on its way).
   */
  expire(providerRef: string): Promise<"expired" | "completed">;
  /**
   * Gives back part or all of a paid payment to its card (issue 46 item 4); its later state comes
   * by webhook (`outcome: "refund"`). The sandbox refunds at once.
   */
  refund(refund: StartRefund): Promise<{ providerRefundId: string; state: CardRefundState }>;
  /**
   * A webhook's body checked against its signature (and its age): the event, or null when the
   * signature is missing, wrong or stale. The sandbox has no webhooks.
   */
  parseWebhook?(body: string, signature: string | null): CardEvent | null;
}
