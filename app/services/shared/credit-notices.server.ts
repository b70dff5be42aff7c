/**
 * Issue 47 item 4: every credit is told. A weighing, a line missing at pickup and an admin's
 * adjustment credit dDollar outside settlement; each queues its SMS here in the credit's own
 * transaction, the way settlement does (decision 0016), and the `credit-sms` job sends it after the
 * commit, at most once. One message per member per batch: a batch's later credits add to its row
 * while it is unsent. A batch written over several transactions (the weighing form's lines, one
 * transaction each) is held (`due_at`) until `releaseCreditNotices` says it is complete, or for
 * `HELD_BATCH_MS` if the request that wrote it never gets there.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { type CreditNoticeKind, creditNotices, members } from "~/db/schema/index.ts";
import type { I18n } from "~/i18n/i18n.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "./deps.ts";

/** The longest a held batch waits for its release: a crash mid-batch delays its texts, loses none. */
export const HELD_BATCH_MS = 5 * 60_000;

/** A new batch's key: `weigh:<uuid>`. */
export const newCreditBatch = (kind: string) => `${kind}:${randomUUID()}`;

export interface CreditNotice {
  batch: string;
  memberId: string;
  kind: CreditNoticeKind;
  cents: number;
  orderNumber?: string | null;
  /** What the message adds (the missing goods, where a refund goes), in the member's words. */
  detail?: (words: I18n) => string;
  /** Held until released (a batch of several transactions); due at once otherwise. */
  held?: boolean;
  now: Date;
}

/** Queues (or adds to) the member's message of this batch; nothing for a credit of 0. */
export async function queueCreditNotice(tx: Tx, notice: CreditNotice): Promise<void> {
  if (notice.cents <= 0) return;
  const now = notice.now.toISOString();
  const due = notice.held ? new Date(notice.now.getTime() + HELD_BATCH_MS).toISOString() : now;
  const numbers = notice.orderNumber ? [notice.orderNumber] : [];
  // Worded in the language the member reads (issue 48), as the message itself will be.
  const [member] = await tx
    .select({ locale: members.locale })
    .from(members)
    .where(eq(members.id, notice.memberId));
  const words = i18nIn(member?.locale ?? "zh-HK");
  const detail = notice.detail?.(words) ?? "";
  await tx.execute(sql`
    insert into ${creditNotices} (batch, member_id, phone, kind, cents, order_numbers, detail, due_at, created_at)
    select ${notice.batch}, m.id, m.phone, ${notice.kind}, ${notice.cents},
      ${sql`array[${sql.join(
        numbers.map((number) => sql`${number}`),
        sql`, `,
      )}]::text[]`}, ${detail}, ${due}::timestamptz, ${now}::timestamptz
    from ${members} m where m.id = ${notice.memberId}
    on conflict (batch, member_id) where sent_at is null do update set
      cents = ${creditNotices.cents} + excluded.cents,
      order_numbers = array(select distinct unnest(${creditNotices.orderNumbers} || excluded.order_numbers) order by 1),
      detail = case when excluded.detail = '' then ${creditNotices.detail}
        when ${creditNotices.detail} = '' then excluded.detail
        else ${creditNotices.detail} || ${words.t("creditNotice.orderSeparator")} || excluded.detail end`);
}

/** A held batch is complete: its messages are due now. */
export async function releaseCreditNotices(db: Db | Tx, batch: string): Promise<void> {
  await db.execute(sql`
    update ${creditNotices} set due_at = now() where batch = ${batch} and sent_at is null`);
}

export function createCreditNoticeService({ db, log }: ServiceDeps, sms: SmsProvider) {
  return {
    /**
     * Sends up to `batch` due messages. Each is claimed (`sent_at`) and committed before it goes
     * out, with `SKIP LOCKED`, so several instances share the queue and a member is texted at most
     * once; a failed send is logged and not retried (decision 0016). Returns how many it claimed.
     */
    async sendDue(batch = 100, now = new Date()): Promise<number> {
      const claimed = await db.execute<{
        phone: string;
        kind: CreditNoticeKind;
        cents: number;
        order_numbers: string[];
        detail: string;
        locale: Locale;
      }>(sql`
        update ${creditNotices} n set sent_at = now()
        from ${members} m
        where m.id = n.member_id and n.id in (
          select id from ${creditNotices}
          where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id limit ${batch} for update skip locked)
        returning n.phone, n.kind, n.cents, n.order_numbers, n.detail, m.locale`);
      for (const notice of claimed.rows) {
        const { t, money } = i18nIn(notice.locale);
        const body = t(`creditNotice.${notice.kind}.sms`, {
          amount: money(notice.cents),
          orders: notice.order_numbers.join(t("creditNotice.orderSeparator")),
          detail: notice.detail,
        });
        try {
          await sms.send({ to: notice.phone, body });
        } catch (error) {
          log.warn(
            { err: error, kind: notice.kind, phone: `${notice.phone.slice(0, 4)}****` },
            "credit SMS not sent",
          );
        }
      }
      return claimed.rows.length;
    },
  };
}
