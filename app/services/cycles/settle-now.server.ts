/**
 * An admin's "settle now" on /admin/deadline (DESIGN §4.8, issue 27): the settlement job's own use
 * case with the admin as the actor, after cancelling the cycle's unpaid orders when the admin
 * confirmed it.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { members, orderCycles, orders, siteSettings } from "~/db/schema/index.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { createOrderAdminService } from "../orders/index.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paymentClaimed, unpaidOrder } from "../shared/order-rules.server.ts";
import type { createSettlementService, SettleResult } from "./settlement.server.ts";

/** What "settle now" gave back before settling: the unpaid orders it cancelled. */
export interface UnpaidCancelled {
  orders: number;
  /** Of them, orders whose member said they had paid by PayMe. */
  claimed: number;
  /** dDollar given back (the dDollar those orders had used). */
  releasedCents: number;
  /** SMS sent to the members. */
  texted: number;
}

export type SettleNowResult = SettleResult & { cancelled?: UnpaidCancelled };

/** Texts sent at once to the members whose unpaid orders a settlement cancelled. */
const SMS_CONCURRENCY = 5;

/** What settling now uses besides the database: the settlement itself, cancelling, and texts. */
export interface SettleNowServices {
  settlement: Pick<ReturnType<typeof createSettlementService>, "settleCycle">;
  ordersAdmin: Pick<ReturnType<typeof createOrderAdminService>, "cancel">;
  sms: SmsProvider;
}

export function createSettleNowService(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  { settlement, ordersAdmin, sms }: SettleNowServices,
) {
  return {
    /**
     * An admin's "settle now" (DESIGN §4.8): the job's settleCycle with the admin as the actor, and
     * an audit entry when it settled something (a second press finds it settled and credits nothing).
     * With `cancelUnpaid` (the admin confirmed it), the cycle's unpaid orders — PayMe claims not yet
     * checked among them — are first cancelled as an admin's cancel does (stock, the code's use and
     * dDollar go back), each member is texted, and then the cycle settles, instead of waiting.
     */
    async settleNow(
      actorId: string,
      id: number,
      now = new Date(),
      options: { cancelUnpaid?: boolean } = {},
    ): Promise<SettleNowResult> {
      let cancelled: UnpaidCancelled | undefined;
      if (options.cancelUnpaid) {
        const [cycle] = await db.select().from(orderCycles).where(eq(orderCycles.id, id));
        if (!cycle) return { status: "refused", reason: "unknownCycle" };
        // Nothing is cancelled that settlement would then refuse to follow.
        if (cycle.status !== "settled" && cycle.cutoffAt <= now)
          cancelled = await cancelUnpaid(actorId, id, now);
      }
      const result = await settlement.settleCycle(id, { now, actorId });
      if (result.status === "settled" && !result.alreadySettled) {
        await recordAudit(db, {
          actorId,
          action: "order_cycle.settle",
          entity: "order_cycle",
          entityId: String(id),
          after: {
            confirmedOrders: result.totals.confirmedOrders,
            membersCredited: result.totals.membersCredited,
            creditedCents: Object.values(result.totals.credited).reduce((sum, entry) => sum + entry.cents, 0),
            ...(cancelled ? { cancelledOrders: cancelled.orders, cancelledClaims: cancelled.claimed } : {}),
          },
        });
      }
      return cancelled ? { ...result, cancelled } : result;
    },
  };

  /**
   * Cancels each unpaid order of a closed cycle through the order back office's own cancel (one
   * transaction per order, its row locked: an order paid meanwhile is left alone), then texts the
   * members whose orders it cancelled.
   */
  async function cancelUnpaid(actorId: string, cycleId: number, now: Date): Promise<UnpaidCancelled> {
    const unpaid = await db
      .select({
        id: orders.id,
        number: orders.number,
        phone: members.phone,
        locale: members.locale,
        claimed: sql<boolean>`${paymentClaimed}`,
      })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .where(and(eq(orders.cycleId, cycleId), unpaidOrder))
      .orderBy(asc(orders.id));
    const done: { number: string; phone: string; locale: Locale; releasedCents: number; claimed: boolean }[] =
      [];
    for (const order of unpaid) {
      const result = await ordersAdmin.cancel(actorId, order.id, now);
      if (result.status !== "cancelled") continue;
      done.push({ ...order, releasedCents: result.releaseCents + result.refundCents });
    }
    const [settings] = await db.select({ shop: siteSettings.shopName }).from(siteSettings);
    let texted = 0;
    for (let i = 0; i < done.length; i += SMS_CONCURRENCY) {
      const results = await Promise.allSettled(
        done.slice(i, i + SMS_CONCURRENCY).map((order) => {
          // In the language the member reads (issue 48).
          const words = i18nIn(order.locale);
          return sms.send({
            to: order.phone,
            body: words.t(
              order.releasedCents > 0 ? "notice.unpaidCancelled.smsRefund" : "notice.unpaidCancelled.sms",
              {
                shop: shopNameIn(words, settings?.shop ?? words.t("shop.name")),
                number: order.number,
                amount: words.money(order.releasedCents),
              },
            ),
          });
        }),
      );
      for (const result of results) {
        if (result.status === "fulfilled") texted += 1;
        else log.warn({ err: result.reason }, "unpaid-cancelled SMS not sent");
      }
    }
    if (done.length > 0)
      log.info({ cycleId, cancelled: done.length }, "unpaid orders cancelled to settle now");
    return {
      orders: done.length,
      claimed: done.filter((order) => order.claimed).length,
      releasedCents: done.reduce((sum, order) => sum + order.releasedCents, 0),
      texted,
    };
  }
}
