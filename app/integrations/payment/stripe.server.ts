import Stripe from "stripe";
import type { CardEvent, CardProvider, CardRefundState } from "./payment-provider.ts";

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes; ours lasts 31. */
const SESSION_MINUTES = 31;
/**
 * A webhook signed further than this from now, in the past or the future, is refused as a possible
 * replay (Stripe's own check looks only at the past).
 */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API address; only tests point it at a stand-in (e.g. http://127.0.0.1:4010). */
  apiBase?: string | undefined;
}

/**
 * DESIGN §4.6, §5: card payments through Stripe Checkout (HKD). The order is paid only when a
 * webhook signed with our secret says so; the browser's return to /payment/success proves nothing.
 */
export function createStripeCardProvider(config: StripeConfig, now: () => number = Date.now): CardProvider {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  return {
    name: "stripe",
    async start(payment) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "hkd",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "hkd",
                unit_amount: payment.amountCents,
                product_data: { name: `齊齊買訂單 ${payment.orderNumber}` },
              },
            },
          ],
          client_reference_id: payment.reference,
          metadata: { reference: payment.reference, orderNumber: payment.orderNumber },
          success_url: payment.successUrl,
          cancel_url: payment.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
        },
        // A retried request creates one session, not two.
        { idempotencyKey: `checkout-${payment.reference}` },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no URL`);
      return { redirectUrl: session.url, providerRef: session.id };
    },

    async expire(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
        return "expired";
      } catch (error) {
        // Only an open session can be expired: one already paid or already expired says so.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        if (session.status === "complete") return "completed";
        if (session.status === "expired") return "expired";
        throw error;
      }
    },

    async refund(refund) {
      // Our payments keep the Checkout Session; Stripe refunds its payment intent.
      const session = await stripe.checkout.sessions.retrieve(refund.paymentRef);
      const intent =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${refund.paymentRef} has no payment intent`);
      const made = await stripe.refunds.create(
        {
          payment_intent: intent,
          amount: refund.amountCents,
          metadata: { reference: refund.idempotencyKey },
        },
        { idempotencyKey: refund.idempotencyKey },
      );
      return { providerRefundId: made.id, state: refundState(made.status) };
    },

    parseWebhook(body, signature): CardEvent | null {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          body,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now(),
        );
      } catch {
        return null;
      }
      if (!(signedAt(signature) <= now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)) return null;
      const base = { id: event.id, type: event.type };
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object;
          if (session.payment_status !== "paid") return { ...base, outcome: "ignored" };
          return {
            ...base,
            outcome: "succeeded",
            providerRef: session.id,
            amountCents: session.amount_total ?? -1,
          };
        }
        case "refund.created":
        case "refund.updated":
        case "refund.failed": {
          const refund = event.data.object;
          return {
            ...base,
            outcome: "refund",
            providerRefundId: refund.id,
            reference: refund.metadata?.reference ?? null,
            state: refundState(refund.status),
          };
        }
        case "checkout.session.expired":
        case "checkout.session.async_payment_failed":
          return { ...base, outcome: "failed", providerRef: event.data.object.id, amountCents: 0 };
        default:
          return { ...base, outcome: "ignored" };
      }
    },
  };
}

/** Stripe's refund status in our words: `pending` and `requires_action` are still on their way. */
function refundState(status: string | null): CardRefundState {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** The `t=` of a verified `Stripe-Signature` header, in seconds. */
function signedAt(signature: string): number {
  const stamp = signature
    .split(",")
    .map((part) => part.trim())
    .find((part) => part.startsWith("t="));
  return Number(stamp?.slice(2) ?? Number.NaN);
}
