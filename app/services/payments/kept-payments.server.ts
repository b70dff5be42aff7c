/**
 * Money kept as dDollar because it did not pay its order (issue 44 item 1): the member is texted
 * once, by a job after the commit that kept it (as the order notices are, issue 27), and admins
 * review each one at /admin/payment-review, unreviewed first.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { members, orders, payments } from "~/db/schema/index.ts";
import type { KeptPaymentReason } from "~/db/schema/orders.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/notices.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

type DueNotice = {
  id: number;
  reason: KeptPaymentReason;
  received_cents: number;
  number: string;
  phone: string;
};

export function createKeptPaymentService(
  { db, log }: ServiceDeps,
  sms: SmsProvider,
  site: { getSettings(): Promise<{ shopName: string }> },
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
        select cleared.id, cleared.reason, cleared.received_cents, o.number, m.phone
        from cleared
        join ${orders} o on o.id = cleared.order_id
        join ${members} m on m.id = o.member_id
        order by cleared.id`);
      if (claimed.rows.length === 0) return 0;
      const { shopName } = await site.getSettings();
      for (const notice of claimed.rows) {
        const body = t(`notice.kept.${notice.reason}`, {
          shop: shopName,
          number: notice.number,
          amount: formatCents(notice.received_cents),
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
