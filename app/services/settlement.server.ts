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
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import {
  dollarLedger,
  groupResults,
  type LedgerReason,
  members,
  orderCycles,
  orderLines,
  orders,
  settlementNotices,
} from "~/db/schema/index.ts";
import { formatHkDate } from "~/domain/dates.ts";
import { formatCents } from "~/domain/money.ts";
import { PAID_ORDER_STATUSES, PAYMENT_WINDOW_MS } from "~/domain/orders.ts";
import type { ProductMode } from "~/domain/pricing.ts";
import {
  type GroupOutcome,
  lineAmountOwed,
  lineCreditReason,
  nextLineCredit,
  weightRefusal,
} from "~/domain/settlement.ts";
import { t } from "~/i18n/dollar.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "./context.server.ts";
import { closeCycle, closeDueCycle } from "./cycle-rules.server.ts";
import { expireDueOrders } from "./orders.server.ts";
import {
  confirmOrders,
  decideGroups,
  LINE_CREDIT_REASONS,
  writeCycleCredits,
} from "./settlement-credits.server.ts";

export type SettleRefusal = "unknownCycle" | "beforeCutoff" | "paymentsPending";

export type WeighRefusal =
  | "unknownLine"
  | "orderNotPaid"
  | "notWeighed"
  | "notPositive"
  | "tooHeavy"
  | "wouldTakeBack";

export type WeighResult = { ok: true; creditedCents: number } | { ok: false; reason: WeighRefusal };

export interface SettlementTotals {
  /** Cents credited by this run, per reason (nothing on a second run). */
  credited: Partial<Record<LedgerReason, { records: number; cents: number }>>;
  confirmedOrders: number;
  membersCredited: number;
}

export type SettleResult =
  | { ok: true; alreadySettled: boolean; totals: SettlementTotals }
  | { ok: false; reason: SettleRefusal; pendingOrders?: number };

export function createSettlementService({ db, log }: ServiceDeps, sms: SmsProvider) {
  /** Writes one weighing credit (a key already used writes nothing) and adds it to the balance. */
  async function creditWeighing(
    tx: Tx,
    credit: {
      memberId: string;
      amountCents: number;
      reason: LedgerReason;
      orderId: number;
      orderLineId: number;
      idempotencyKey: string;
    },
    now: Date,
  ) {
    const written = await tx
      .insert(dollarLedger)
      .values({ ...credit, note: "", createdAt: now })
      .onConflictDoNothing({ target: dollarLedger.idempotencyKey })
      .returning({ id: dollarLedger.id });
    if (written.length === 0) return;
    await tx
      .update(members)
      .set({ dDollarCents: sql`${members.dDollarCents} + ${credit.amountCents}`, updatedAt: now })
      .where(eq(members.id, credit.memberId));
  }

  async function settleInTransaction(
    cycleId: number,
    now: Date,
    actorId: string | null,
  ): Promise<SettleResult> {
    return db.transaction(async (tx) => {
      const [cycle] = await tx.select().from(orderCycles).where(eq(orderCycles.id, cycleId)).for("update");
      if (!cycle) return { ok: false, reason: "unknownCycle" };
      const empty: SettlementTotals = { credited: {}, confirmedOrders: 0, membersCredited: 0 };
      if (cycle.status === "settled") return { ok: true, alreadySettled: true, totals: empty };
      if (cycle.cutoffAt > now) return { ok: false, reason: "beforeCutoff" };
      if (cycle.status === "open") await closeCycle(tx, cycle);
      const [pending] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.cycleId, cycleId), eq(orders.status, "pending_payment")));
      if ((pending?.n ?? 0) > 0) return { ok: false, reason: "paymentsPending", pendingOrders: pending!.n };

      await decideGroups(tx, cycleId);
      const written = await writeCycleCredits(tx, cycleId, now);
      const confirmedOrders = await confirmOrders(tx, cycleId, now, actorId, "截單結算");
      await tx
        .update(orderCycles)
        .set({ status: "settled", settledAt: now, settledBy: actorId })
        .where(eq(orderCycles.id, cycleId));

      const totals: SettlementTotals = {
        credited: written.credited,
        confirmedOrders,
        membersCredited: written.membersCredited,
      };
      return { ok: true, alreadySettled: false, totals };
    });
  }

  /**
   * Sends up to `batch` queued settlement SMS. Each is claimed (`sent_at` set) and committed before
   * it goes out, with `SKIP LOCKED` so several app instances share the queue: a member is texted at
   * most once, and a failure is logged, as an SMS that cannot be sent is not worth a second try.
   * Returns how many were claimed.
   */
  async function sendNotices(batch = 100): Promise<number> {
    const claimed = await db.execute<{ phone: string; cents: number; cutoff_at: string }>(sql`
      update ${settlementNotices} n set sent_at = now()
      from ${orderCycles} c
      where c.id = n.cycle_id and (n.cycle_id, n.member_id) in (
        select cycle_id, member_id from ${settlementNotices}
        where sent_at is null order by created_at limit ${batch} for update skip locked)
      returning n.phone, n.cents, c.cutoff_at`);
    for (const { phone, cents, cutoff_at } of claimed.rows) {
      const body = t("settlement.sms", {
        date: formatHkDate(new Date(cutoff_at)),
        amount: formatCents(cents),
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
   * DESIGN §4.9: records a weight-priced line's weighed total and credits any new difference, before
   * or after settlement (the cycle's row is taken first, as settlement does, so the two queue).
   * A weight that would take back dDollar already credited is refused.
   */
  async function weighLine(
    lineId: number,
    weight: number,
    options: { now?: Date; actorId?: string | null } = {},
  ): Promise<WeighResult> {
    const now = options.now ?? new Date();
    const result = await db.transaction(async (tx): Promise<WeighResult & { memberId?: string }> => {
      const [found] = await tx
        .select({ cycleId: orders.cycleId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orderLines.id, lineId));
      if (!found) return { ok: false, reason: "unknownLine" };
      const [cycle] = await tx
        .select({ status: orderCycles.status })
        .from(orderCycles)
        .where(eq(orderCycles.id, found.cycleId))
        .for("share");
      const [line] = await tx
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          productId: orderLines.productId,
          memberId: orders.memberId,
          orderStatus: orders.status,
          lineStatus: orderLines.status,
          mode: orderLines.mode,
          unit: orderLines.unit,
          quantity: orderLines.quantity,
          defaultWeight: orderLines.defaultWeight,
          unitPriceCents: orderLines.unitPriceCents,
          gatherPriceCents: orderLines.gatherPriceCents,
          amountCents: orderLines.amountCents,
          actualWeight: orderLines.actualWeight,
          percentageDiscount: orders.percentageDiscount,
          credited: sql<number>`coalesce((select sum(${dollarLedger.amountCents}) from ${dollarLedger}
            where ${dollarLedger.orderLineId} = ${orderLines.id}
            and ${inArray(dollarLedger.reason, [...LINE_CREDIT_REASONS])}), 0)::int`,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orderLines.id, lineId))
        .for("update", { of: orderLines });
      if (!line) return { ok: false, reason: "unknownLine" };
      if (!(PAID_ORDER_STATUSES as readonly string[]).includes(line.orderStatus)) {
        return { ok: false, reason: "orderNotPaid" };
      }
      const state = { ...line, mode: line.mode as ProductMode, actualWeight: weight };
      const refusal = weightRefusal(state, weight);
      if (refusal) return { ok: false, reason: refusal };
      let outcome: GroupOutcome = "pending";
      if (cycle?.status === "settled" && state.mode !== "instock") {
        const [decided] = await tx
          .select({ outcome: groupResults.outcome })
          .from(groupResults)
          .where(and(eq(groupResults.cycleId, found.cycleId), eq(groupResults.productId, line.productId)));
        outcome = decided?.outcome ?? "pending";
      }
      const order = { percentageDiscount: line.percentageDiscount };
      if (lineAmountOwed(state, outcome, order) < line.credited)
        return { ok: false, reason: "wouldTakeBack" };
      await tx.update(orderLines).set({ actualWeight: weight }).where(eq(orderLines.id, lineId));
      const cents = line.lineStatus === "active" ? nextLineCredit(state, outcome, order, line.credited) : 0;
      if (cents > 0) {
        await creditWeighing(
          tx,
          {
            memberId: line.memberId,
            amountCents: cents,
            reason: lineCreditReason(state, outcome, "weighing"),
            orderId: line.orderId,
            orderLineId: line.id,
            idempotencyKey: `line:${line.id}:owed:${line.credited + cents}`,
          },
          now,
        );
      }
      return { ok: true, creditedCents: cents, memberId: line.memberId };
    });
    if (result.ok && result.creditedCents > 0) {
      log.info({ lineId, weight, credited: result.creditedCents, actorId: options.actorId }, "line weighed");
    }
    return result.ok ? { ok: true, creditedCents: result.creditedCents } : result;
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
      if (result.ok && !result.alreadySettled) log.info({ cycleId, ...result.totals }, "order cycle settled");
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
      // a PayMe claim's deadline both end by the payment window's end (decision 0024), so the
      // cycle settles then and never waits for a claim the shop did not confirm.
      if (ready.length > 0) await expireDueOrders({ db, log }, sms, now);
      const settled: number[] = [];
      for (const cycle of ready) {
        const result = await this.settleCycle(cycle.id, { now });
        if (result.ok && !result.alreadySettled) settled.push(cycle.id);
        if (!result.ok && result.reason === "paymentsPending") {
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
