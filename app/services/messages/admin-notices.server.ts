/**
 * Emails to the admins (issue 46 item 5): a notice is queued once per event (`key`), in the
 * transaction of what it tells or by the job that noticed it, and the `admin-notices` job emails it
 * to every admin with an address who has not switched its kind off (/admin/notifications). Each
 * notice is claimed in its own commit before sending, so it goes out at most once (as decision 0016).
 */
import { and, asc, eq, isNull, lt, ne, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { adminNoticeOptOuts, adminNotices, members, orders } from "~/db/schema/index.ts";
import {
  ADMIN_NOTICE_KINDS,
  type AdminNoticeKind,
  CLAIMS_NOTICE_HOUR,
  kindsOn,
} from "~/domain/messages/admin-notices.ts";
import { formatHkAdminTime, hkDayKey, hkDayStart, toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/notices.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { paymentClaimed, unpaidOrder } from "../shared/order-rules.server.ts";

export interface AdminNotice {
  kind: AdminNoticeKind;
  /** Once per event: a second notice with the same key is not queued. */
  key: string;
  subject: string;
  body: string;
  now?: Date;
}

/** Queues a notice in the caller's transaction (or on its own); false when its key was queued before. */
export async function queueAdminNotice(executor: Db | Tx, notice: AdminNotice): Promise<boolean> {
  const rows = await executor
    .insert(adminNotices)
    .values({
      kind: notice.kind,
      key: notice.key,
      subject: notice.subject,
      body: notice.body,
      createdAt: notice.now ?? new Date(),
    })
    .onConflictDoNothing({ target: adminNotices.key })
    .returning({ id: adminNotices.id });
  return rows.length > 0;
}

/** The addresses of the admins who get `kind`: an email address and the kind not switched off. */
export async function adminRecipients(executor: Db | Tx, kind: AdminNoticeKind): Promise<string[]> {
  const rows = await executor
    .select({ email: members.email })
    .from(members)
    .where(
      and(
        eq(members.type, "admin"),
        ne(members.email, ""),
        notExists(
          executor
            .select({ one: sql`1` })
            .from(adminNoticeOptOuts)
            .where(and(eq(adminNoticeOptOuts.memberId, members.id), eq(adminNoticeOptOuts.kind, kind))),
        ),
      ),
    );
  return rows.map((row) => row.email);
}

export function createAdminNoticeService({ db, log }: ServiceDeps, email: EmailProvider) {
  return {
    /** Sends up to `batch` queued notices; answers how many were claimed. */
    async sendDue(batch = 20): Promise<number> {
      const claimed = await db.execute<{
        id: number;
        kind: AdminNoticeKind;
        subject: string;
        body: string;
      }>(sql`
        update ${adminNotices} set sent_at = now()
        where id in (select id from ${adminNotices} where sent_at is null order by id limit ${batch}
          for update skip locked)
        returning id, kind, subject, body`);
      const shop = t("shop.name");
      for (const notice of claimed.rows) {
        for (const to of await adminRecipients(db, notice.kind)) {
          try {
            await email.send({
              to,
              subject: notice.subject,
              text: notice.body,
              html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(notice.body)}</pre>`,
              fromName: shop,
            });
          } catch (error) {
            log.error({ err: error, notice: notice.id }, "an admin notice could not be emailed");
          }
        }
      }
      return claimed.rows.length;
    },

    /** The kinds this admin gets. */
    async switchesOf(memberId: string): Promise<AdminNoticeKind[]> {
      const off = await db
        .select({ kind: adminNoticeOptOuts.kind })
        .from(adminNoticeOptOuts)
        .where(eq(adminNoticeOptOuts.memberId, memberId));
      return kindsOn(off.map((row) => row.kind));
    },

    /** The kinds this admin gets and the address they go to ("" when there is none). */
    async settingsOf(memberId: string): Promise<{ on: AdminNoticeKind[]; email: string }> {
      const [found] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
      return { on: await this.switchesOf(memberId), email: found?.email ?? "" };
    },

    /** Sets which kinds this admin gets (every kind not in `on` is switched off). */
    async setSwitches(memberId: string, on: readonly AdminNoticeKind[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(adminNoticeOptOuts).where(eq(adminNoticeOptOuts.memberId, memberId));
        const off = ADMIN_NOTICE_KINDS.filter((kind) => !on.includes(kind));
        if (off.length) await tx.insert(adminNoticeOptOuts).values(off.map((kind) => ({ memberId, kind })));
      });
    },

    /**
     * From CLAIMS_NOTICE_HOUR each Hong Kong morning: the PayMe and FPS claims not yet confirmed
     * whose deadline falls before the day ends, once a day and only on a day that has some.
     */
    async queueClaimsDue(now: Date): Promise<boolean> {
      if (Number(toHkLocalInput(now).slice(11, 13)) < CLAIMS_NOTICE_HOUR) return false;
      const day = hkDayKey(now);
      const dayEnd = new Date(hkDayStart(day).getTime() + 86_400_000);
      const due = await db
        .select({ number: orders.number, deadline: orders.expiresAt, payable: orders.payableCents })
        .from(orders)
        .where(and(unpaidOrder, paymentClaimed, lt(orders.expiresAt, dayEnd)))
        .orderBy(asc(orders.expiresAt))
        .limit(200);
      if (due.length === 0) return false;
      const lines = due.map((row) =>
        t("notice.admin.claims.line", {
          number: row.number,
          deadline: row.deadline ? formatHkAdminTime(row.deadline) : "",
        }),
      );
      return queueAdminNotice(db, {
        kind: "claims_due",
        key: `claims:${day}`,
        subject: t("notice.admin.claims.subject", { shop: t("shop.name"), count: due.length }),
        body: t("notice.admin.claims.body", { count: due.length, lines: lines.join("\n") }),
        now,
      });
    },

    /** A job that keeps failing: once a day per job. */
    async queueJobFailing(job: string, failures: number, error: unknown, now = new Date()): Promise<boolean> {
      const message = error instanceof Error ? error.message : String(error);
      return queueAdminNotice(db, {
        kind: "job_failing",
        key: `job:${job}:${hkDayKey(now)}`,
        subject: t("notice.admin.job.subject", { shop: t("shop.name"), job }),
        body: t("notice.admin.job.body", {
          job,
          failures,
          error: message.slice(0, 500),
          at: formatHkAdminTime(now),
        }),
        now,
      });
    },

    /** Notices still to send (for the tests and the dashboard). */
    async unsent() {
      return db.select().from(adminNotices).where(isNull(adminNotices.sentAt)).orderBy(asc(adminNotices.id));
    },
  };
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
