/**
 * Money kept as dDollar because it did not pay its order (issue 44 item 1): the member is texted
 * once, by a job after the commit that kept it (as the order notices are, issue 27), and admins
 * review each one at /admin/payment-review, unreviewed first.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { members, orders, payments } from "~/db/schema/index.ts";
import type { KeptPaymentReason } from "~/db/schema/orders.ts";
import { type RefundMethod, refundMethodOf } from "~/domain/payments/refunds.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { writeLedgerEntry } from "../dollars/index.ts";
import { type RefundService, requestRefund } from "../refunds/index.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

type DueNotice = {
  id: number;
  reason: KeptPaymentReason;
  received_cents: number;
  number: string;
  phone: string;
  locale: Locale;
};

export type ReturnKeptResult =
  | { status: "returned"; refundId: number; method: RefundMethod; amountCents: number }
  /** Reviewed before (kept as dDollar, or already sent back): nothing changes. */
  | { status: "alreadyReviewed" | "not_found" }
  /** The member has spent part of the dDollar it became: an admin settles it by hand. */
  | { status: "spent"; balanceCents: number }
  | { status: "notRefundable" };

export function createKeptPaymentService(
  { db, log }: ServiceDeps,
  sms: SmsProvider,
  site: { getSettings(): Promise<{ shopName: string }> },
  refunds?: Pick<RefundService, "sendCardRefunds">,
) {
  const kept = isNotNull(payments.keptReason);

  return {
    /** /admin/payment-review: kept money, the unreviewed first and then newest first. */
    async list(paging: { page: number; pageSize: number }) {
      return readListPage(
        paging,
        db.select({ total: count() }).from(payments).where(kept),
        db
          .select({
            id: payments.id,
            orderId: payments.orderId,
            number: orders.number,
            memberName: sql<string>`${members.lastName} || ${members.firstName}`,
            phone: members.phone,
            provider: payments.provider,
            providerRef: payments.providerRef,
            amountCents: payments.amountCents,
            receivedCents: sql<number>`coalesce(${payments.receivedCents}, 0)`,
            reason: sql<KeptPaymentReason>`${payments.keptReason}`,
            receivedAt: payments.updatedAt,
            reviewedAt: payments.reviewedAt,
          })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .innerJoin(members, eq(members.id, orders.memberId))
          .where(kept)
          .orderBy(sql`${payments.reviewedAt} is not null`, desc(payments.updatedAt), asc(payments.id))
          .$dynamic(),
      );
    },

    /** How many wait for an admin's look (the dashboard and the menu's count). */
    async unreviewedCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(payments)
        .where(and(kept, isNull(payments.reviewedAt)));
      return row?.n ?? 0;
    },

    /** An admin has looked at it: recorded once, with who and when; a second click changes nothing. */
    async review(adminId: string, paymentId: number, now = new Date()): Promise<boolean> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(payments)
          .set({ reviewedAt: now, reviewedBy: adminId })
          .where(and(eq(payments.id, paymentId), kept, isNull(payments.reviewedAt)))
          .returning({ id: payments.id });
        if (done.length === 0) return false;
        await recordAudit(tx, {
          actorId: adminId,
          action: "payment.review",
          entity: "payment",
          entityId: String(paymentId),
        });
        return true;
      });
    },

    /**
     * Decision 0052: instead of keeping it as dDollar, the money goes back the way it came (the
     * card by the provider's refund, PayMe or FPS by a transfer in the refunds queue). The dDollar
     * it became is taken back in the same transaction (`kept_payment_returned`), so the member is
     * never paid twice; refused when they have spent it. Reviewed with it, once: a double click
     * finds it reviewed.
     */
    async returnToPayment(adminId: string, paymentId: number, now = new Date()): Promise<ReturnKeptResult> {
      const result = await db.transaction(async (tx): Promise<ReturnKeptResult> => {
        const [found] = await tx
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(and(eq(payments.id, paymentId), kept));
        if (!found) return { status: "not_found" };
        // The order first, then the payment and the member, as every writer of them does.
        const [order] = await tx
          .select({ id: orders.id, number: orders.number, memberId: orders.memberId })
          .from(orders)
          .where(eq(orders.id, found.orderId))
          .for("update");
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
        if (!order || !payment) return { status: "not_found" };
        if (payment.reviewedAt) return { status: "alreadyReviewed" };
        const method = refundMethodOf(payment.provider);
        const amountCents = payment.receivedCents ?? 0;
        if (!method || amountCents <= 0) return { status: "notRefundable" };
        const [member] = await tx
          .select({ balance: members.dDollarCents })
          .from(members)
          .where(eq(members.id, order.memberId))
          .for("update");
        if ((member?.balance ?? 0) < amountCents)
          return { status: "spent", balanceCents: member?.balance ?? 0 };
        const refund = await requestRefund(tx, {
          orderId: order.id,
          orderNumber: order.number,
          memberId: order.memberId,
          method,
          amountCents,
          reason: "kept_payment",
          key: `kept:${payment.id}`,
          adminId,
          paymentId: payment.id,
          now,
        });
        if (refund.status !== "requested") return { status: "notRefundable" };
        await writeLedgerEntry(tx, {
          memberId: order.memberId,
          amountCents: -amountCents,
          reason: "kept_payment_returned",
          orderId: order.id,
          adminId,
          note: payment.provider,
          key: `payment:${payment.id}:returned`,
          now,
        });
        await tx
          .update(payments)
          .set({ reviewedAt: now, reviewedBy: adminId })
          .where(eq(payments.id, payment.id));
        await recordAudit(tx, {
          actorId: adminId,
          action: "payment.return",
          entity: "payment",
          entityId: String(paymentId),
          after: { refundId: refund.refundId, method, amountCents },
        });
        return { status: "returned", refundId: refund.refundId, method, amountCents };
      });
      if (result.status === "returned" && result.method === "card" && refunds) {
        await refunds.sendCardRefunds([result.refundId]).catch((error: unknown) => {
          log.warn({ err: error, refundId: result.refundId }, "card refund left for the retry job");
        });
      }
      return result;
    },

    /** Claims up to `batch` members still to be told, clears their marks and texts each once. */
    async sendNotices(batch = 100): Promise<number> {
      const claimed = await db.execute<DueNotice>(sql`
        with due as (
          select id from ${payments} where kept_notice_due
          order by id limit ${batch} for update skip locked
        ), cleared as (
          update ${payments} set kept_notice_due = false from due where ${payments.id} = due.id
          returning ${payments.id} as id, ${payments.keptReason} as reason,
            ${payments.receivedCents} as received_cents, ${payments.orderId} as order_id
        )
        select cleared.id, cleared.reason, cleared.received_cents, o.number, m.phone, m.locale
        from cleared
        join ${orders} o on o.id = cleared.order_id
        join ${members} m on m.id = o.member_id
        order by cleared.id`);
      if (claimed.rows.length === 0) return 0;
      const { shopName } = await site.getSettings();
      for (const notice of claimed.rows) {
        // In the language the member reads (issue 48).
        const words = i18nIn(notice.locale);
        const body = words.t(`notice.kept.${notice.reason}`, {
          shop: shopNameIn(words, shopName),
          number: notice.number,
          amount: words.money(notice.received_cents),
        });
        try {
          await sms.send({ to: notice.phone, body });
        } catch (error) {
          // At most once, as every notice (decision 0016): the dDollar page always shows the credit.
          log.warn({ err: error, paymentId: notice.id }, "kept-payment SMS not sent");
        }
      }
      return claimed.rows.length;
    },
  };
}
