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
 * cycle settled. Members are texted what came back after the commit.
 */
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import {
  dollarLedger,
  groupResults,
  type LedgerReason,
  members,
  merchants,
  orderCycles,
  orderEvents,
  orderLines,
  orders,
  pickupPoints,
  products,
} from "~/db/schema/index.ts";
import { formatHkDate } from "~/domain/dates.ts";
import { formatCents } from "~/domain/money.ts";
import { PAID_ORDER_STATUSES, PAYMENT_WINDOW_MS } from "~/domain/orders.ts";
import type { ProductMode } from "~/domain/pricing.ts";
import {
  deliveryRefund,
  deliveryShare,
  finalAmountPaid,
  type GroupOutcome,
  groupOutcome,
  lineAmountOwed,
  lineCreditReason,
  nextLineCredit,
  referralReward,
  weightRefusal,
} from "~/domain/settlement.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "./context.server.ts";
import { closeCycle, closeDueCycle } from "./cycle-rules.server.ts";
import { groupBuyerCounts, paidOrder } from "./order-rules.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Reasons a line's own credits are recorded under (its running total is their sum). */
export const LINE_CREDIT_REASONS = ["group_refund", "limited_refund", "weight_refund"] as const;

const INSERT_CHUNK = 2_000;

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

interface Credit {
  memberId: string;
  amountCents: number;
  reason: LedgerReason;
  orderId: number;
  orderLineId: number | null;
  idempotencyKey: string;
}

export function createSettlementService({ db, log }: ServiceDeps, sms: SmsProvider) {
  /** Fixes each group product's outcome for the cycle (kept for weighing and reports). */
  async function decideGroups(tx: Tx, cycleId: number) {
    const buyers = await groupBuyerCounts(tx, cycleId);
    const sold = await tx
      .selectDistinct({ id: products.id, mode: products.mode, targetBuyers: products.targetBuyers })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(eq(orders.cycleId, cycleId), paidOrder));
    const outcomes = new Map<number, GroupOutcome>();
    const rows = [];
    for (const product of sold) {
      const mode = product.mode as ProductMode;
      if (mode === "instock") continue;
      const count = buyers.get(product.id) ?? 0;
      const outcome = groupOutcome(mode, count, product.targetBuyers, true);
      outcomes.set(product.id, outcome);
      rows.push({
        cycleId,
        productId: product.id,
        buyers: count,
        targetBuyers: product.targetBuyers,
        outcome: outcome as "met" | "missed",
      });
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx
        .insert(groupResults)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing();
    }
    return outcomes;
  }

  /** Every paid line of the cycle, locked, with what was credited for it before. */
  async function paidLines(tx: Tx, cycleId: number) {
    return tx
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        memberId: orders.memberId,
        productId: orderLines.productId,
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
          and ${dollarLedger.reason} in ('group_refund', 'limited_refund', 'weight_refund')), 0)::int`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.cycleId, cycleId), paidOrder, eq(orderLines.status, "active")))
      .orderBy(asc(orderLines.id))
      .for("update", { of: orderLines });
  }

  /** DESIGN §4.8: members who paid more than their share of a point's run fee get the difference. */
  async function deliveryCredits(tx: Tx, cycleId: number): Promise<Credit[]> {
    const rows = await tx
      .select({
        pointId: orders.pickupPointId,
        memberId: orders.memberId,
        runFeeCents: pickupPoints.runFeeCents,
        free: sql<boolean>`coalesce(${merchants.freeDelivery}, false)`,
        paidCents: sql<number>`sum(${orders.deliveryFeeCents})::int`,
        orderId: sql<number | null>`min(${orders.id}) filter (where ${orders.deliveryFeeCents} > 0)`,
      })
      .from(orders)
      .innerJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
      .leftJoin(merchants, eq(merchants.id, pickupPoints.merchantId))
      .where(and(eq(orders.cycleId, cycleId), paidOrder))
      .groupBy(orders.pickupPointId, orders.memberId, pickupPoints.runFeeCents, merchants.freeDelivery);
    const membersAt = new Map<number, number>();
    for (const row of rows) membersAt.set(row.pointId, (membersAt.get(row.pointId) ?? 0) + 1);
    const credits: Credit[] = [];
    for (const row of rows) {
      if (row.runFeeCents === null || row.free || row.orderId === null) continue;
      const refund = deliveryRefund(
        row.paidCents,
        deliveryShare(row.runFeeCents, membersAt.get(row.pointId) ?? 0),
      );
      if (refund <= 0) continue;
      credits.push({
        memberId: row.memberId,
        amountCents: refund,
        reason: "delivery_refund",
        orderId: Number(row.orderId),
        orderLineId: null,
        idempotencyKey: `delivery:${cycleId}:${row.pointId}:${row.memberId}`,
      });
    }
    return credits;
  }

  /**
   * SPEC §9: a referee's first paid order earns the referee and the referrer 5% each of what was
   * finally paid for its items. One key per referee and side, so it is paid once in a lifetime.
   */
  async function referralCredits(
    tx: Tx,
    cycleId: number,
    finalPaidByOrder: Map<number, number>,
  ): Promise<Credit[]> {
    const paid = sql.join(
      PAID_ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const firstOrders = await tx.execute<{ order_id: string; member_id: string; referrer_id: string }>(sql`
      select distinct on (o.member_id) o.id as order_id, o.member_id, m.referrer_id
      from ${orders} o
      join ${members} m on m.id = o.member_id
      where o.cycle_id = ${cycleId}
        and o.status in (${paid})
        and m.referrer_id is not null and m.referral_discount = 1
        and not exists (
          select 1 from ${orders} earlier
          where earlier.member_id = o.member_id and earlier.cycle_id <> ${cycleId}
            and earlier.status in (${paid})
            and earlier.created_at < o.created_at
        )
      order by o.member_id, o.created_at, o.id`);
    const credits: Credit[] = [];
    for (const row of firstOrders.rows) {
      const orderId = Number(row.order_id);
      const reward = referralReward(finalPaidByOrder.get(orderId) ?? 0);
      if (reward <= 0) continue;
      for (const [side, memberId] of [
        ["referee", row.member_id],
        ["referrer", row.referrer_id],
      ] as const) {
        credits.push({
          memberId,
          amountCents: reward,
          reason: "referral_reward",
          orderId,
          orderLineId: null,
          idempotencyKey: `referral:${row.member_id}:${side}`,
        });
      }
    }
    return credits;
  }

  /** Writes credits (a key already used writes nothing) and adds them to the cached balances. */
  async function credit(tx: Tx, credits: Credit[], now: Date) {
    const written: Array<{ memberId: string; amountCents: number; reason: LedgerReason }> = [];
    for (let i = 0; i < credits.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(dollarLedger)
        .values(credits.slice(i, i + INSERT_CHUNK).map((c) => ({ ...c, note: "", createdAt: now })))
        .onConflictDoNothing({ target: dollarLedger.idempotencyKey })
        .returning({
          memberId: dollarLedger.memberId,
          amountCents: dollarLedger.amountCents,
          reason: dollarLedger.reason,
        });
      written.push(...rows);
    }
    const byMember = new Map<string, number>();
    for (const row of written)
      byMember.set(row.memberId, (byMember.get(row.memberId) ?? 0) + row.amountCents);
    const ids = [...byMember.keys()];
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const chunk = ids.slice(i, i + INSERT_CHUNK);
      await tx.execute(sql`
        update ${members} set d_dollar_cents = ${members}.d_dollar_cents + v.amount, updated_at = ${now}
        from unnest(${sql.param(chunk)}::uuid[], ${sql.param(chunk.map((id) => byMember.get(id)!))}::int[])
          as v(id, amount)
        where ${members}.id = v.id`);
    }
    return { written, byMember };
  }

  async function settleInTransaction(
    cycleId: number,
    now: Date,
    actorId: string | null,
  ): Promise<SettleResult & { notify?: Map<string, number>; cutoffAt?: Date }> {
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

      const outcomes = await decideGroups(tx, cycleId);
      const lines = await paidLines(tx, cycleId);
      const credits: Credit[] = [];
      const cancelled: number[] = [];
      const finalPaidByOrder = new Map<number, number>();
      for (const line of lines) {
        const state = { ...line, mode: line.mode as ProductMode };
        const outcome = outcomes.get(line.productId) ?? "pending";
        const order = { percentageDiscount: line.percentageDiscount };
        const paid = finalAmountPaid(state, outcome, order);
        finalPaidByOrder.set(line.orderId, (finalPaidByOrder.get(line.orderId) ?? 0) + paid);
        if (state.mode === "limited" && outcome === "missed") cancelled.push(line.id);
        const cents = nextLineCredit(state, outcome, order, line.credited);
        if (cents <= 0) continue;
        credits.push({
          memberId: line.memberId,
          amountCents: cents,
          reason: lineCreditReason(state, outcome, "settlement"),
          orderId: line.orderId,
          orderLineId: line.id,
          idempotencyKey: `line:${line.id}:owed:${line.credited + cents}`,
        });
      }
      for (let i = 0; i < cancelled.length; i += INSERT_CHUNK) {
        await tx
          .update(orderLines)
          .set({ status: "cancelled_group_failed" })
          .where(inArray(orderLines.id, cancelled.slice(i, i + INSERT_CHUNK)));
      }
      credits.push(...(await deliveryCredits(tx, cycleId)));
      credits.push(...(await referralCredits(tx, cycleId, finalPaidByOrder)));
      const { written, byMember } = await credit(tx, credits, now);

      const confirmed = await tx
        .update(orders)
        .set({ status: "confirmed", updatedAt: now })
        .where(and(eq(orders.cycleId, cycleId), eq(orders.status, "paid")))
        .returning({ id: orders.id });
      for (let i = 0; i < confirmed.length; i += INSERT_CHUNK) {
        await tx.insert(orderEvents).values(
          confirmed.slice(i, i + INSERT_CHUNK).map((order) => ({
            orderId: order.id,
            fromStatus: "paid",
            toStatus: "confirmed",
            actorId,
            note: "截單結算",
            createdAt: now,
          })),
        );
      }
      await tx
        .update(orderCycles)
        .set({ status: "settled", settledAt: now, settledBy: actorId })
        .where(eq(orderCycles.id, cycleId));

      const totals: SettlementTotals = {
        credited: {},
        confirmedOrders: confirmed.length,
        membersCredited: byMember.size,
      };
      for (const row of written) {
        const entry = totals.credited[row.reason] ?? { records: 0, cents: 0 };
        entry.records += 1;
        entry.cents += row.amountCents;
        totals.credited[row.reason] = entry;
      }
      return { ok: true, alreadySettled: false, totals, notify: byMember, cutoffAt: cycle.cutoffAt };
    });
  }

  /** Texts each credited member once the settlement has committed (SMS failures are logged). */
  async function notifyMembers(cycleCutoff: Date, byMember: Map<string, number>) {
    const ids = [...byMember.keys()];
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const rows = await db
        .select({ id: members.id, phone: members.phone })
        .from(members)
        .where(inArray(members.id, ids.slice(i, i + INSERT_CHUNK)));
      for (const row of rows) {
        const body = `【齊齊買】${formatHkDate(cycleCutoff)} 截單的團購已結算，${formatCents(byMember.get(row.id)!)} dDollar 已存入你的帳戶。詳情請到「我的 dDollar」查看。`;
        try {
          await sms.send({ to: row.phone, body });
        } catch (error) {
          log.warn({ err: error, memberId: row.id }, "settlement SMS not sent");
        }
      }
    }
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
            and ${dollarLedger.reason} in ('group_refund', 'limited_refund', 'weight_refund')), 0)::int`,
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
        await credit(
          tx,
          [
            {
              memberId: line.memberId,
              amountCents: cents,
              reason: lineCreditReason(state, outcome, "weighing"),
              orderId: line.orderId,
              orderLineId: line.id,
              idempotencyKey: `line:${line.id}:owed:${line.credited + cents}`,
            },
          ],
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

    /** Settles one cycle (the job, or an admin's "settle now"). Safe to call again and at once. */
    async settleCycle(
      cycleId: number,
      options: { now?: Date; actorId?: string | null } = {},
    ): Promise<SettleResult> {
      const now = options.now ?? new Date();
      const result = await settleInTransaction(cycleId, now, options.actorId ?? null);
      if (!result.ok) return { ok: false, reason: result.reason, pendingOrders: result.pendingOrders };
      const { notify, cutoffAt, ...outcome } = result;
      if (!outcome.alreadySettled) {
        log.info({ cycleId, ...outcome.totals }, "order cycle settled");
        if (notify && cutoffAt) await notifyMembers(cutoffAt, notify);
      }
      return outcome;
    },

    /**
     * The job: closes the open cycle once its cut-off passes (later orders go to the next one) and
     * settles closed cycles once their payment window is over. Returns the cycles it settled.
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
