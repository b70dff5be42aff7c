/**
 * Paying for an order (DESIGN §4.6): PayMe or FPS (the member pays by the shop's link or QR and
 * says so; an admin checks and marks it paid) or card through a `CardProvider` with the card fee added.
 * Completion is idempotent: a provider's retry, a double click on the sandbox page or a second
 * admin click changes nothing, and an amount that does not match the order is refused.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  dollarLedger,
  members,
  orderCycles,
  orderEvents,
  orders,
  paymentEvents,
  payments,
  siteSettings,
} from "~/db/schema/index.ts";
import { cardFee } from "~/domain/cart/checkout.ts";
import {
  CLAIM_METHODS,
  type ClaimMethod,
  PAYME_CLAIM_HOURS_DEFAULT,
  paymeClaimDeadline,
} from "~/domain/orders/orders.ts";
import { type FpsProxy, fpsQrPayload, parseFpsIdentifier } from "~/domain/payments/fps-qr.ts";
import { DEFAULT_CARD_FEE_BASIS_POINTS } from "~/domain/site/shop-rates.ts";
import type { CardProvider } from "~/integrations/payment/payment-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { qrSvg } from "../shared/qr.server.ts";

export type PaymentOutcome =
  | "paid"
  | "alreadyPaid"
  | "failed"
  | "unknown"
  | "amountMismatch"
  | "notPayable"
  | "lateCredited"
  | "duplicate";

export type WebhookOutcome = PaymentOutcome | "refused" | "ignored";

export function createPaymentService({ db, log, env }: ServiceDeps, card: CardProvider) {
  const cardProvider = card.name === "stripe" ? "card" : "sandbox";

  async function memberOrder(memberId: string, number: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.number, number)));
    return order;
  }

  /** `summary` of an order already read. */
  async function summaryOf(order: typeof orders.$inferSelect) {
    const [[settings], [claim], [late]] = await Promise.all([
      db.select({ bps: siteSettings.cardFeeBasisPoints }).from(siteSettings),
      db
        .select({ id: payments.id, provider: payments.provider, createdAt: payments.createdAt })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.provider, [...CLAIM_METHODS]))),
      db
        .select({ cents: sql<number>`coalesce(sum(${dollarLedger.amountCents}), 0)::int` })
        .from(dollarLedger)
        .where(and(eq(dollarLedger.orderId, order.id), eq(dollarLedger.reason, "late_payment_refund"))),
    ]);
    const feeBasisPoints = settings?.bps ?? DEFAULT_CARD_FEE_BASIS_POINTS;
    return {
      number: order.number,
      status: order.status,
      payableCents: order.payableCents,
      cardFeeCents: cardFee(order.payableCents, feeBasisPoints),
      cardFeePercent: feeBasisPoints / 100,
      expiresAt: order.expiresAt?.toISOString() ?? null,
      /** The member said they paid by PayMe or FPS (「我已付款」), and by which. */
      claimMethod: (claim?.provider ?? null) as ClaimMethod | null,
      /** Said to be paid and waiting for the shop: no other way to pay is offered. */
      awaitingConfirmation: claim !== undefined && order.status === "pending_payment",
      claimedAt: claim?.createdAt.toISOString() ?? null,
      lateCreditCents: late?.cents ?? 0,
    };
  }

  /** The shop's FPS proxy and account name, or null when FPS is not offered (no identifier set). */
  async function fpsAccount(): Promise<{ proxy: FpsProxy; accountName: string } | null> {
    const [settings] = await db
      .select({ identifier: siteSettings.fpsIdentifier, accountName: siteSettings.fpsAccountName })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    if (!settings?.identifier || !settings.accountName) return null;
    const parsed = parseFpsIdentifier(settings.identifier);
    if (!parsed.ok) {
      // Saved through the settings form, which refuses a bad one; a hand-edited row is not offered.
      log.warn("site_settings.fps_identifier is not a valid FPS proxy; FPS not offered");
      return null;
    }
    return { proxy: parsed.proxy, accountName: settings.accountName };
  }

  return {
    cardProviderName: card.name,

    /** Whether /payment offers FPS: only when the admin has set the shop's identifier. */
    async fpsOffered(): Promise<boolean> {
      return (await fpsAccount()) !== null;
    },

    /**
     * FPS for one order (issue 31, given its `summary`): the QR code (HKMA FPS layout, the exact
     * amount payable, the order number as the reference) as SVG while it can be paid, and what a
     * member paying by hand copies. Null when FPS is not offered.
     */
    async fps(order: { number: string; status: string; payableCents: number }) {
      const account = await fpsAccount();
      if (!account) return null;
      const payable = order.status === "pending_payment" && order.payableCents > 0;
      return {
        identifier: account.proxy.value,
        identifierKind: account.proxy.kind,
        accountName: account.accountName,
        qrSvg: payable
          ? await qrSvg(
              fpsQrPayload({
                proxy: account.proxy,
                accountName: account.accountName,
                amountCents: order.payableCents,
                reference: order.number,
              }),
            )
          : null,
      };
    },

    /** The shop's PayMe link and its QR code as SVG markup (no script, drawn on the server). */
    async payme() {
      return { link: env.PAYME_LINK, qrSvg: await qrSvg(env.PAYME_LINK) };
    },

    /** What /payment shows: the order's amount, the card fee, and whether it can still be paid. */
    async summary(memberId: string, number: string) {
      const order = await memberOrder(memberId, number);
      return order ? summaryOf(order) : null;
    },

    /** Card: adds the fee to the order, records the attempt, and returns where to pay. */
    async startCard(memberId: string, number: string, origin: string) {
      const order = await memberOrder(memberId, number);
      if (!order) return { status: "not_payable" as const };
      const summary = await summaryOf(order);
      // Said to be paid by PayMe or FPS: a card payment on top would charge the member twice.
      if (summary.status !== "pending_payment" || summary.claimMethod)
        return { status: "not_payable" as const };
      const amountCents = summary.payableCents + summary.cardFeeCents;
      const reference = randomUUID();
      const started = await card.start({
        reference,
        orderNumber: number,
        amountCents,
        successUrl: `${origin}/payment/success?order=${number}`,
        cancelUrl: `${origin}/payment/fail?order=${number}`,
      });
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ cardFeeCents: summary.cardFeeCents, paymentMethod: cardProvider, updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.status, "pending_payment")));
        await tx.insert(payments).values({
          orderId: order.id,
          provider: cardProvider,
          providerRef: started.providerRef,
          amountCents,
        });
      });
      return { status: "started" as const, redirectUrl: started.redirectUrl };
    },

    /** PayMe: the member says they have paid (see `claim`). */
    async claimPayme(memberId: string, number: string, now = new Date()): Promise<boolean> {
      return this.claim(memberId, number, "payme", now);
    },

    /** FPS: as PayMe, refused while the shop offers no FPS (no identifier in the settings). */
    async claimFps(memberId: string, number: string, now = new Date()): Promise<boolean> {
      if (!(await fpsAccount())) return false;
      return this.claim(memberId, number, "fps", now);
    },

    /**
     * PayMe or FPS: the member says they have paid (「我已付款」). The order then waits for an admin's
     * confirmation until its claim deadline (decision 0025: the shop's hours, never past the
     * cycle's settlement) and expires like any unpaid order after it. The order's row is locked,
     * so the expiry job (which skips locked rows) cannot take it half-way; an order already due to
     * expire cannot be claimed. A second claim changes nothing, the deadline included, whichever
     * way it says: an FPS claim waits exactly as long as a PayMe one.
     */
    async claim(memberId: string, number: string, method: ClaimMethod, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            payableCents: orders.payableCents,
            expiresAt: orders.expiresAt,
            cutoffAt: orderCycles.cutoffAt,
          })
          .from(orders)
          .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
          .where(and(eq(orders.memberId, memberId), eq(orders.number, number)))
          .for("update", { of: orders });
        if (order?.status !== "pending_payment") return false;
        if (order.expiresAt && order.expiresAt <= now) return false;
        const [claimed] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), inArray(payments.provider, [...CLAIM_METHODS])));
        if (claimed) return true;
        const [settings] = await tx
          .select({ hours: siteSettings.paymeClaimHours })
          .from(siteSettings)
          .where(eq(siteSettings.id, 1));
        const deadline = paymeClaimDeadline(
          now,
          settings?.hours ?? PAYME_CLAIM_HOURS_DEFAULT,
          order.cutoffAt,
          order.expiresAt,
        );
        await tx.insert(payments).values({
          orderId: order.id,
          provider: method,
          providerRef: `${method}_${order.number}`,
          amountCents: order.payableCents,
          createdAt: now,
          updatedAt: now,
        });
        await tx
          .update(orders)
          .set({ paymentMethod: method, expiresAt: deadline, updatedAt: now })
          .where(eq(orders.id, order.id));
        return true;
      });
    },

    /**
     * A provider's verified result. Runs once per payment: the row is locked, a settled payment is
     * left alone, and the order becomes paid only when the amount matches what was asked.
     * `actorId` is the admin who confirmed a PayMe or FPS transfer (null for a provider's callback).
     */
    async complete(
      providerRef: string,
      result: { succeeded: boolean; amountCents: number },
      actorId: string | null = null,
      event?: { id: string; type: string },
    ): Promise<PaymentOutcome> {
      return db.transaction(async (tx) => {
        // A provider's event is handled once, in the same transaction as its effect.
        if (event) {
          const fresh = await tx
            .insert(paymentEvents)
            .values({ id: event.id, provider: card.name, type: event.type })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (fresh.length === 0) return "duplicate";
        }
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.providerRef, providerRef))
          .for("update");
        if (!payment) return "unknown";
        if (payment.status === "succeeded") return "alreadyPaid";
        if (!result.succeeded) {
          await tx
            .update(payments)
            .set({ status: "failed", updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
          return "failed";
        }
        if (result.amountCents !== payment.amountCents) {
          log.warn(
            { providerRef, expected: payment.amountCents, got: result.amountCents },
            "payment amount mismatch",
          );
          return "amountMismatch";
        }
        const now = new Date();
        const paid = await tx
          .update(orders)
          .set({ status: "paid", paidAt: now, updatedAt: now, expiresAt: null, pendingNotice: "paid" })
          .where(and(eq(orders.id, payment.orderId), eq(orders.status, "pending_payment")))
          .returning({ id: orders.id });
        if (paid.length === 0) {
          // Paid after the order expired or was cancelled: the money is kept for the member as
          // dDollar (once per payment), never lost.
          const [order] = await tx
            .select({ memberId: orders.memberId, status: orders.status })
            .from(orders)
            .where(eq(orders.id, payment.orderId));
          if (!order || (order.status !== "expired" && order.status !== "cancelled")) return "notPayable";
          await tx
            .update(payments)
            .set({ status: "succeeded", updatedAt: now })
            .where(eq(payments.id, payment.id));
          await tx.insert(dollarLedger).values({
            memberId: order.memberId,
            amountCents: payment.amountCents,
            reason: "late_payment_refund",
            orderId: payment.orderId,
            note: payment.provider,
            idempotencyKey: `payment:${payment.id}:late`,
            createdAt: now,
          });
          await tx
            .update(members)
            .set({ dDollarCents: sql`${members.dDollarCents} + ${payment.amountCents}`, updatedAt: now })
            .where(eq(members.id, order.memberId));
          log.warn(
            { providerRef, orderId: payment.orderId },
            "payment after the order was released; kept as dDollar",
          );
          return "lateCredited";
        }
        await tx
          .update(payments)
          .set({ status: "succeeded", updatedAt: now })
          .where(eq(payments.id, payment.id));
        await tx.insert(orderEvents).values({
          orderId: payment.orderId,
          fromStatus: "pending_payment",
          toStatus: "paid",
          actorId,
          note: payment.provider,
          createdAt: now,
        });
        return "paid";
      });
    },

    /**
     * A provider's webhook (Stripe): refused unless signed with our secret and fresh; each event
     * id is processed once; the amount must match what was asked.
     */
    async webhook(body: string, signature: string | null): Promise<WebhookOutcome> {
      const event = card.parseWebhook?.(body, signature) ?? null;
      if (!event) return "refused";
      if (event.outcome === "ignored") return "ignored";
      return this.complete(
        event.providerRef,
        { succeeded: event.outcome === "succeeded", amountCents: event.amountCents },
        null,
        { id: event.id, type: event.type },
      );
    },

    /** The sandbox page reads what it is asked to pay. */
    async sandboxPayment(providerRef: string) {
      const [row] = await db
        .select({ amountCents: payments.amountCents, status: payments.status, number: orders.number })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(payments.providerRef, providerRef), eq(payments.provider, "sandbox")));
      return row ?? null;
    },
  };
}
