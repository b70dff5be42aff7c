/**
 * The shop's SMS budget for sign-in codes (issue 44 item 4; decision 0046): counters raised inside
 * the send's transaction (a row lock each, so concurrent sends cannot overshoot), a share per
 * network, and the 50/80/100 % emails to the admins, each claimed once per purpose and day.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { type CodePurpose, smsBudgetNotices, smsCounters } from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import { networkOf, noticesCrossed, type SendCounts } from "~/domain/members/sms-budget.ts";
import { formatHkDate, hkDayKey, hkDayStart } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/notices.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import { adminRecipients } from "../messages/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";

const hourMs = 3_600_000;

/** Raises one counter by one and answers its new value (the row stays locked until the send commits). */
async function raise(tx: Tx, scope: string, key: string, windowStart: Date): Promise<number> {
  const [row] = await tx
    .insert(smsCounters)
    .values({ scope, key, windowStart, sent: 1 })
    .onConflictDoUpdate({
      target: [smsCounters.scope, smsCounters.key, smsCounters.windowStart],
      set: { sent: sql`${smsCounters.sent} + 1` },
    })
    .returning({ sent: smsCounters.sent });
  return row?.sent ?? 1;
}

export function todayStart(now: Date): Date {
  return hkDayStart(hkDayKey(now));
}

export function createSmsBudget({ db, log }: ServiceDeps, email: EmailProvider) {
  return {
    /**
     * Counts one code of `purpose` from `address` (the limits' key) in the caller's transaction, in
     * one fixed order (day, network, address) so two sends never wait on each other in a circle.
     * If the send is then refused, the caller rolls back and nothing was counted.
     */
    async count(tx: Tx, purpose: CodePurpose, address: string, now: Date): Promise<SendCounts> {
      const day = todayStart(now);
      const hour = new Date(now.getTime() - (now.getTime() % hourMs));
      const budget = rules.maxCodesPerDay[purpose];
      const dayCount = await raise(tx, `day:${purpose}`, "shop", day);
      const network = await raise(tx, `network:${purpose}`, networkOf(address), day);
      const addressCount = await raise(tx, "address", address, hour);
      return { day: dayCount, budget, network, address: addressCount };
    },

    /** Claims, in the send's transaction, the notices this code's count crossed; each once a day. */
    async claimNotices(tx: Tx, purpose: CodePurpose, counts: SendCounts, now: Date): Promise<number[]> {
      const claimed: number[] = [];
      for (const percent of noticesCrossed(counts.day, counts.budget)) {
        const rows = await tx
          .insert(smsBudgetNotices)
          .values({ purpose, day: todayStart(now), percent, createdAt: now })
          .onConflictDoNothing()
          .returning({ percent: smsBudgetNotices.percent });
        if (rows.length) claimed.push(percent);
      }
      return claimed;
    },

    /** Emails every admin with an address; a failed email is logged, not retried. */
    async sendNotices(purpose: CodePurpose, percents: number[], counts: SendCounts, now: Date) {
      if (percents.length === 0) return;
      // Each admin who has not switched these emails off at /admin/notifications (issue 46 item 5).
      const admins = (await adminRecipients(db, "sms_budget")).map((address) => ({ email: address }));
      const shop = t("shop.name");
      const purposeName = t(`notice.smsBudget.purpose.${purpose}`);
      for (const percent of percents) {
        const text = t("notice.smsBudget.body", {
          day: formatHkDate(now),
          sent: counts.day,
          budget: counts.budget,
          percent,
          purpose: purposeName,
          networkPercent: Math.round(rules.networkShareOfDay * 100),
        });
        for (const admin of admins) {
          if (!admin.email) continue;
          try {
            await email.send({
              to: admin.email,
              subject: t("notice.smsBudget.subject", { shop, purpose: purposeName, percent }),
              text,
              html: `<p>${text}</p>`,
              fromName: shop,
            });
          } catch (error) {
            log.error({ err: error, percent, purpose }, "the SMS budget notice could not be emailed");
          }
        }
        log.warn({ purpose, percent, sent: counts.day, budget: counts.budget }, "SMS budget notice");
      }
    },

    /** Codes of each purpose today against its budget, for the dashboard. */
    async usedToday(now: Date): Promise<Record<CodePurpose, number>> {
      const rows = await db
        .select({ scope: smsCounters.scope, sent: smsCounters.sent })
        .from(smsCounters)
        .where(and(eq(smsCounters.key, "shop"), eq(smsCounters.windowStart, todayStart(now))));
      const used = (purpose: CodePurpose) => rows.find((row) => row.scope === `day:${purpose}`)?.sent ?? 0;
      return { login: used("login"), register: used("register") };
    },

    /** Forgets counters of windows that ended more than a day ago (run by a job). */
    async prune(now: Date): Promise<void> {
      await db
        .delete(smsCounters)
        .where(lt(smsCounters.windowStart, new Date(now.getTime() - 2 * 86_400_000)));
    },
  };
}

export type SmsBudget = ReturnType<typeof createSmsBudget>;
