/**
 * Paying for an order (DESIGN §4.6): PayMe or FPS (the member pays by the shop's link or QR and
 * says so; an admin checks and marks it paid) or card through a `CardProvider` with the card fee added.
 * Completion is idempotent: a provider's retry, a double click on the sandbox page or a second
 * admin click changes nothing, and an amount that does not match the order is refused.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { type KeptPaymentReason, orderCycles, orders, payments, siteSettings } from "~/db/schema/index.ts";
import { cardFee } from "~/domain/cart/checkout.ts";
import {
  CLAIM_METHODS,
  type ClaimMethod,
  PAYME_CLAIM_HOURS_DEFAULT,
  paymeClaimDeadline,
} from "~/domain/orders/orders.ts";
import { type FpsProxy, fpsQrPayload, parseFpsIdentifier } from "~/domain/payments/fps-qr.ts";
import { DEFAULT_CARD_FEE_BASIS_POINTS } from "~/domain/site/shop-rates.ts";
import type { CardEvent, CardProvider } from "~/integrations/payment/payment-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { qrSvg } from "../shared/qr.server.ts";
import { createPaymentCompletion, type PaymentOutcome } from "./payment-completion.server.ts";

export { moneyReceived } from "./payment-completion.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type OpenSession = {
  id: number;
  providerRef: string | null;
  amountCents: number;
  redirectUrl: string | null;
  createdAt: Date;
};

export type WebhookOutcome = PaymentOutcome | "refused" | "ignored" | "reconciled";

/** What starting a card payment gives: where to pay, or why not. */
export type StartCardResult =
  | { status: "started"; redirectUrl: string }
  | { status: "not_payable" }
  /** An earlier card session of this order was paid at the provider: its result is on its way. */
  | { status: "processing" };

/** What a PayMe or FPS claim (「我已付款」) gives. */
export type ClaimResult = "claimed" | "notPayable" | "cardProcessing";

/**
 * An open card session is offered again for this long (Stripe keeps one open 31 minutes): starting
 * the card payment twice, in two tabs or ten at once, pays through one session (issue 44 item 1).
 */
const CARD_SESSION_REUSE_MS = 25 * 60_000;

export function createPaymentService(
  deps: ServiceDeps,
  card: CardProvider,
  /** A provider's refund event (decision 0052): the refunds area reconciles it. */
  onRefundEvent?: (
    event: Extract<CardEvent, { outcome: "refund" }>,
  ) => Promise<"reconciled" | "duplicate" | "unknown">,
) {
  const { db, log, env } = deps;
  const cardProvider = card.name === "stripe" ? "card" : "sandbox";
  const completion = createPaymentCompletion(deps, card.name);

  /**
   * Ends the order's open card sessions at the provider and here, under the order's lock: false when
   * one had already been paid (its result is on its way, so nothing else may be started).
   */
  async function endOpenCardSessions(tx: Tx, orderId: number, keep?: (row: OpenSession) => boolean) {
    const open = await tx
      .select({
        id: payments.id,
        providerRef: payments.providerRef,
        amountCents: payments.amountCents,
        redirectUrl: payments.redirectUrl,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.provider, cardProvider),
          eq(payments.status, "pending"),
        ),
      );
    const kept = open.find((row) => keep?.(row));
    for (const session of open) {
      if (session === kept || !session.providerRef) continue;
      if ((await card.expire(session.providerRef)) === "completed") return { ended: false as const };
      await tx
        .update(payments)
        .set({ status: "expired", updatedAt: new Date() })
        .where(and(eq(payments.id, session.id), eq(payments.status, "pending")));
    }
    return { ended: true as const, kept };
  }

  async function memberOrder(memberId: string, number: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.number, number)));
    return order;
  }

  /** `summary` of an order already read. */
  async function summaryOf(order: typeof orders.$inferSelect, executor: Db | Tx = db) {
    const readSettings = () => executor.select({ bps: siteSettings.cardFeeBasisPoints }).from(siteSettings);
    const readClaim = () =>
      executor
        .select({ id: payments.id, provider: payments.provider, createdAt: payments.createdAt })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), inArray(payments.provider, [...CLAIM_METHODS])));
    const readKept = () =>
      executor
        .select({
          cents: sql<number>`coalesce(sum(${payments.receivedCents}), 0)::int`,
          reason: sql<KeptPaymentReason | null>`(array_agg(${payments.keptReason} order by ${payments.id} desc))[1]`,
        })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), isNotNull(payments.keptReason)));
    // On the pool the three reads go together; a transaction's one connection takes them in turn.
    const [[settings], [claim], [kept]] =
      executor === db
        ? await Promise.all([readSettings(), readClaim(), readKept()])
        : [await readSettings(), await readClaim(), await readKept()];
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
      /** Money that arrived for this order and did not pay it, kept as dDollar (issue 44). */
      keptCents: kept?.cents ?? 0,
      keptReason: kept?.reason ?? null,
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

    /**
     * Card: adds the fee to the order, records the attempt, and returns where to pay. One open card
     * session per order (issue 44 item 1): under the order's lock, an open session for the same
     * amount is offered again; any other is ended at the provider before a new one starts.
     */
    async startCard(
      memberId: string,
      number: string,
      /** Where the shop's pages are: its origin, and /en after it for a member paying in English. */
      pagesBase: string,
      now = new Date(),
    ): Promise<StartCardResult> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.memberId, memberId), eq(orders.number, number)))
          .for("update");
        if (!order) return { status: "not_payable" };
        const summary = await summaryOf(order, tx);
        // Said to be paid by PayMe or FPS: a card payment on top would charge the member twice.
        if (summary.status !== "pending_payment" || summary.claimMethod) return { status: "not_payable" };
        if (order.expiresAt && order.expiresAt <= now) return { status: "not_payable" };
        const amountCents = summary.payableCents + summary.cardFeeCents;
        const open = await endOpenCardSessions(
          tx,
          order.id,
          (session) =>
            session.amountCents === amountCents &&
            session.redirectUrl !== null &&
            now.getTime() - session.createdAt.getTime() < CARD_SESSION_REUSE_MS,
        );
        if (!open.ended) return { status: "processing" };
        if (open.kept?.redirectUrl) return { status: "started", redirectUrl: open.kept.redirectUrl };
        const reference = randomUUID();
        const started = await card.start({
          reference,
          orderNumber: number,
          amountCents,
          successUrl: `${pagesBase}/payment/success?order=${number}`,
          cancelUrl: `${pagesBase}/payment/fail?order=${number}`,
        });
        await tx
          .update(orders)
          .set({ cardFeeCents: summary.cardFeeCents, paymentMethod: cardProvider, updatedAt: now })
          .where(eq(orders.id, order.id));
        await tx.insert(payments).values({
          orderId: order.id,
          provider: cardProvider,
          providerRef: started.providerRef,
          amountCents,
          redirectUrl: started.redirectUrl,
          createdAt: now,
          updatedAt: now,
        });
        return { status: "started", redirectUrl: started.redirectUrl };
      });
    },

    /** PayMe: the member says they have paid (see `claim`). */
    async claimPayme(memberId: string, number: string, now = new Date()): Promise<ClaimResult> {
      return this.claim(memberId, number, "payme", now);
    },

    /** FPS: as PayMe, refused while the shop offers no FPS (no identifier in the settings). */
    async claimFps(memberId: string, number: string, now = new Date()): Promise<ClaimResult> {
      if (!(await fpsAccount())) return "notPayable";
      return this.claim(memberId, number, "fps", now);
    },

    /**
     * PayMe or FPS: the member says they have paid (「我已付款」). The order then waits for an admin's
     * confirmation until its claim deadline (decision 0025: the shop's hours, never past the
     * cycle's settlement) and expires like any unpaid order after it. The order's row is locked,
     * so the expiry job (which skips locked rows) cannot take it half-way; an order already due to
     * expire cannot be claimed. A second claim changes nothing, the deadline included, whichever
     * way it says: an FPS claim waits exactly as long as a PayMe one. An open card session is ended
     * first (issue 44 item 1), so the card cannot pay too; one already paid refuses the claim.
     */
    async claim(
      memberId: string,
      number: string,
      method: ClaimMethod,
      now = new Date(),
    ): Promise<ClaimResult> {
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
        if (order?.status !== "pending_payment") return "notPayable";
        if (order.expiresAt && order.expiresAt <= now) return "notPayable";
        const [claimed] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), inArray(payments.provider, [...CLAIM_METHODS])));
        if (claimed) return "claimed";
        if (!(await endOpenCardSessions(tx, order.id)).ended) return "cardProcessing";
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
        return "claimed";
      });
    },

    /** A payment's result: see `createPaymentCompletion`. */
    complete: completion.complete,

    /** An admin has seen a PayMe or FPS transfer: see `createPaymentCompletion`. */
    confirmTransfer: completion.confirmTransfer,

    /**
     * A provider's webhook (Stripe): refused unless signed with our secret and fresh; each event
     * id is processed once; the amount must match what was asked.
     */
    async webhook(body: string, signature: string | null): Promise<WebhookOutcome> {
      const event = card.parseWebhook?.(body, signature) ?? null;
      if (!event) return "refused";
      if (event.outcome === "ignored") return "ignored";
      if (event.outcome === "refund") return onRefundEvent ? onRefundEvent(event) : "ignored";
      return this.complete(
        event.providerRef,
        { succeeded: event.outcome === "succeeded", amountCents: event.amountCents },
        null,
        { id: event.id, type: event.type },
      );
    },

    /** The sandbox page reads what it is asked to pay: only the member's own order's (issue 44 item 1). */
    async sandboxPayment(memberId: string, providerRef: string) {
      const [row] = await db
        .select({ amountCents: payments.amountCents, status: payments.status, number: orders.number })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.providerRef, providerRef),
            eq(payments.provider, "sandbox"),
            eq(orders.memberId, memberId),
          ),
        );
      return row ?? null;
    },
  };
}
