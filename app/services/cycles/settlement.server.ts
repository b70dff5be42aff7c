/**
 * Settlement at a cycle's cut-off (DESIGN §4.8, decision 0012). At the cut-off the open cycle
 * closes (`settling`) and next week's opens, so later orders go to it. Once no order of the closed
 * cycle waits for payment, one transaction settles it: each group product's outcome is fixed, every
 * paid line gets what it is owed (group, limited and weight refunds), delivery shares are
 * recomputed, first purchases earn referral rewards, and paid orders become confirmed.
 *
 * Exactly once: the cycle's row is locked for the whole transaction, a settled cycle is left
 * alone, and every credit carries a unique idempotency key; a crash rolls everything back, so a
 * rerun starts clean. Two app instances at once queue on the row lock and the second finds the
 * cycle settled. The SMS telling each member what came back is queued in the same transaction and
 * sent by the `settlement-sms` job (`sendNotices`, decision 0016).
 */
import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import {
  type LedgerReason,
  members,
  orderCycles,
  orderLines,
  orders,
  settlementNotices,
  siteSettings,
} from "~/db/schema/index.ts";
import { weightRefusal } from "~/domain/cycles/settlement.ts";
import { PAID_ORDER_STATUSES, PAYMENT_WINDOW_MS } from "~/domain/orders/orders.ts";
import { toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { DEFAULT_REFERRAL_PERCENT } from "~/domain/site/shop-rates.ts";
import { dayWithYear } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import { t as eventText } from "~/i18n/order-events.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { confirmCycleOrders, expireDueOrders } from "../orders/index.ts";
import { newCreditBatch, queueCreditNotice } from "../shared/credit-notices.server.ts";
import { closeCycle, closeDueCycle } from "../shared/cycle-rules.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { queueSettledNotice } from "./settled-notice.server.ts";
import { decideGroups, writeCycleCredits, writeLineCredit } from "./settlement-credits.server.ts";

type SettleRefusal = "unknownCycle" | "beforeCutoff" | "paymentsPending";

type WeighRefusal =
  | "unknownLine"
  | "orderNotPaid"
  | "notWeighed"
  | "notPositive"
  | "tooHeavy"
  | "wouldTakeBack";

export type WeighResult =
  | { status: "weighed"; creditedCents: number }
  | { status: "refused"; reason: WeighRefusal };

interface SettlementTotals {
  /** Cents credited by this run, per reason (nothing on a second run). */
  credited: Partial<Record<LedgerReason, { records: number; cents: number }>>;
  confirmedOrders: number;
  membersCredited: number;
}

export type SettleResult =
  | { status: "settled"; alreadySettled: boolean; totals: SettlementTotals }
  | { status: "refused"; reason: SettleRefusal; pendingOrders?: number };

/** Thrown to roll a weighing back: the weight would take back dDollar already credited. */
class WouldTakeBack extends Error {}

export function createSettlementService({ db, log, env }: ServiceDeps, sms: SmsProvider) {
  async function settleInTransaction(
    cycleId: number,
    now: Date,
    actorId: string | null,
  ): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      // A large cycle's statements may each take many seconds: more than every request's 30 s cap
      // (connectionLimits) allows on a slow machine. Only this transaction gets longer.
      await tx.execute(sql`set local statement_timeout = '10min'`);
      const [cycle] = await tx.select().from(orderCycles).where(eq(orderCycles.id, cycleId)).for("update");
      if (!cycle) return { status: "refused", reason: "unknownCycle" };
      const empty: SettlementTotals = { credited: {}, confirmedOrders: 0, membersCredited: 0 };
      if (cycle.status === "settled") return { status: "settled", alreadySettled: true, totals: empty };
      if (cycle.cutoffAt > now) return { status: "refused", reason: "beforeCutoff" };
      if (cycle.status === "open") await closeCycle(tx, cycle);
      const [pending] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.cycleId, cycleId), eq(orders.status, "pending_payment")));
      if ((pending?.n ?? 0) > 0)
        return { status: "refused", reason: "paymentsPending", pendingOrders: pending!.n };

      await decideGroups(tx, cycleId);
      // DESIGN §4.15: the referral percentage is a site setting (5 when the shop has not set one).
      const [settings] = await tx
        .select({ referralPercent: siteSettings.referralPercent })
        .from(siteSettings);
      const written = await writeCycleCredits(
        tx,
        cycleId,
        now,
        settings?.referralPercent ?? DEFAULT_REFERRAL_PERCENT,
      );
      const confirmedOrders = await confirmCycleOrders(tx, cycleId, {
        actorId,
        note: eventText("orderEvent.settled"),
        now,
      });
      await tx
        .update(orderCycles)
        .set({ status: "settled", settledAt: now, settledBy: actorId })
        .where(eq(orderCycles.id, cycleId));

      const totals: SettlementTotals = {
        credited: written.credited,
        confirmedOrders,
        membersCredited: written.membersCredited,
      };
      await queueSettledNotice(tx, cycle, totals, now, env.PUBLIC_URL);
      return { status: "settled", alreadySettled: false, totals };
    });
  }

  /**
   * Sends up to `batch` queued settlement SMS. Each is claimed (`sent_at` set) and committed before
   * it goes out, with `SKIP LOCKED` so several app instances share the queue: a member is texted at
   * most once, and a failure is logged, as an SMS that cannot be sent is not worth a second try.
   * Returns how many were claimed.
   */
  async function sendNotices(batch = 100): Promise<number> {
    const claimed = await db.execute<{ phone: string; cents: number; cutoff_at: string; locale: Locale }>(sql`
      update ${settlementNotices} n set sent_at = now()
      from ${orderCycles} c, ${members} m
      where c.id = n.cycle_id and m.id = n.member_id and (n.cycle_id, n.member_id) in (
        select cycle_id, member_id from ${settlementNotices}
        where sent_at is null order by created_at limit ${batch} for update skip locked)
      returning n.phone, n.cents, c.cutoff_at, m.locale`);
    for (const { phone, cents, cutoff_at, locale } of claimed.rows) {
      // In the language the member reads (issue 48).
      const words = i18nIn(locale);
      const body = words.t("settlement.sms", {
        date: dayWithYear(words, toHkLocalInput(new Date(cutoff_at)).slice(0, 10)),
        amount: words.money(cents),
      });
      try {
        await sms.send({ to: phone, body });
      } catch (error) {
        log.warn({ err: error, phone: `${phone.slice(0, 4)}****` }, "settlement SMS not sent");
      }
    }
    return claimed.rows.length;
  }

  /**
   * DESIGN §4.9: records a weight-priced line's weighed total and credits what is newly owed for it,
   * before or after settlement, with the same SQL settlement uses (`writeLineCredit`): once weighed,
   * a line of a group that met gets its group refund for the weight it has. The cycle's row is taken
   * first, as settlement does, so the two queue. A weight that would take back dDollar already
   * credited is refused and not recorded.
   */
  async function weighLine(
    lineId: number,
    weight: number,
    options: { now?: Date; actorId?: string | null; batch?: string; held?: boolean } = {},
  ): Promise<WeighResult> {
    const now = options.now ?? new Date();
    // Issue 47 item 4: the member is texted what the weighing credited, one message per batch.
    const batch = options.batch ?? newCreditBatch("weigh");
    let result: WeighResult;
    try {
      result = await db.transaction(async (tx): Promise<WeighResult> => {
        const [found] = await tx
          .select({ cycleId: orders.cycleId, memberId: orders.memberId, number: orders.number })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orderLines.id, lineId));
        if (!found) return { status: "refused", reason: "unknownLine" };
        await tx
          .select({ id: orderCycles.id })
          .from(orderCycles)
          .where(eq(orderCycles.id, found.cycleId))
          .for("share");
        const [line] = await tx
          .select({
            orderStatus: orders.status,
            unit: orderLines.unit,
            quantity: orderLines.quantity,
            defaultWeight: orderLines.defaultWeight,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orderLines.id, lineId))
          .for("update", { of: orderLines });
        if (!line) return { status: "refused", reason: "unknownLine" };
        if (!(PAID_ORDER_STATUSES as readonly string[]).includes(line.orderStatus)) {
          return { status: "refused", reason: "orderNotPaid" };
        }
        const refusal = weightRefusal(line, weight);
        if (refusal) return { status: "refused", reason: refusal };
        await tx.update(orderLines).set({ actualWeight: weight }).where(eq(orderLines.id, lineId));
        // null: a line no longer active (its limited group failed); the weight is kept, nothing is owed.
        const credit = await writeLineCredit(tx, found.cycleId, lineId, now);
        if (credit && credit.owedCents < credit.creditedBeforeCents) throw new WouldTakeBack();
        await queueCreditNotice(tx, {
          batch,
          memberId: found.memberId,
          kind: "weight",
          cents: credit?.writtenCents ?? 0,
          orderNumber: found.number,
          held: options.held ?? false,
          now,
        });
        return { status: "weighed", creditedCents: credit?.writtenCents ?? 0 };
      });
    } catch (error) {
      if (error instanceof WouldTakeBack) return { status: "refused", reason: "wouldTakeBack" };
      throw error;
    }
    if (result.status === "weighed" && result.creditedCents > 0) {
      log.info({ lineId, weight, credited: result.creditedCents, actorId: options.actorId }, "line weighed");
    }
    return result;
  }

  return {
    weighLine,
    sendNotices,

    /** Settles one cycle (the job, or an admin's "settle now"). Safe to call again and at once. */
    async settleCycle(
      cycleId: number,
      options: { now?: Date; actorId?: string | null } = {},
    ): Promise<SettleResult> {
      const now = options.now ?? new Date();
      const result = await settleInTransaction(cycleId, now, options.actorId ?? null);
      if (result.status === "settled" && !result.alreadySettled)
        log.info({ cycleId, ...result.totals }, "order cycle settled");
      return result;
    },

    /**
     * The job: closes the open cycle once its cut-off passes (later orders go to the next one) and
     * settles closed cycles once their payment window is over, expiring first the orders still unpaid
     * by then. Returns the cycles it settled.
     */
    async settleDue(now = new Date()): Promise<number[]> {
      const closed = await closeDueCycle(db, now);
      if (closed !== null)
        log.info({ cycleId: closed }, "order cycle closed at its cut-off; the next one is open");
      const ready = await db
        .select({ id: orderCycles.id })
        .from(orderCycles)
        .where(
          and(
            eq(orderCycles.status, "settling"),
            lte(orderCycles.cutoffAt, new Date(now.getTime() - PAYMENT_WINDOW_MS)),
          ),
        )
        .orderBy(asc(orderCycles.cutoffAt));
      // Orders due to expire go first, whichever job runs first: an unpaid order's 30 minutes and
      // a PayMe claim's deadline both end by the payment window's end (decision 0025), so the
      // cycle settles then and never waits for a claim the shop did not confirm.
      if (ready.length > 0) await expireDueOrders({ db, log }, sms, now);
      const settled: number[] = [];
      for (const cycle of ready) {
        const result = await this.settleCycle(cycle.id, { now });
        if (result.status === "settled" && !result.alreadySettled) settled.push(cycle.id);
        if (result.status === "refused" && result.reason === "paymentsPending") {
          log.warn(
            { cycleId: cycle.id, pending: result.pendingOrders },
            "settlement waits for payments to be checked",
          );
        }
      }
      return settled;
    },
  };
}
