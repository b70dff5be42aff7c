import { and, eq, sql } from "drizzle-orm";
import { emailCampaignRecipients, emailCampaigns } from "~/db/schema/index.ts";
import {
  type CampaignBody,
  type CampaignLanguage,
  campaignInLanguage,
} from "~/domain/messages/email-campaign.ts";
import {
  afterSend,
  claimBatchSize,
  MAX_SEND_ATTEMPTS,
  mayRetry,
  type Pace,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  retryDelayMs,
  waitForSlot,
} from "~/domain/messages/email-sending.ts";
import {
  type EmailFailure,
  type EmailProvider,
  EmailSendError,
} from "~/integrations/email/email-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { SiteSettings } from "../site/index.ts";
import type { CampaignContent } from "./campaign-email.server.ts";
import type { CampaignService } from "./campaigns.server.ts";

export interface CampaignSenderOptions {
  /** Emails a minute from this instance (EMAIL_PER_MINUTE). */
  perMinute: number;
  /** How often an idle sender looks for work. */
  pollMs: number;
  /** First retry wait; doubles per failure up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** A claimed batch not started within this long (its sender died) may be claimed by another. */
  leaseMs: number;
  /** A recipient left `sending` this long was being sent when its sender died (decision 0007). */
  staleSendingMs: number;
}

type ClaimedRow = {
  campaign_id: number;
  member_id: string;
  email: string;
  lease: string;
  agree_promotion: boolean;
  locale: CampaignLanguage;
};

/** The claimed recipient, while it is still pending under this sender's claim (its lease). */
function stillClaimed(row: ClaimedRow) {
  return and(
    eq(emailCampaignRecipients.campaignId, row.campaign_id),
    eq(emailCampaignRecipients.memberId, row.member_id),
    eq(emailCampaignRecipients.status, "pending"),
    sql`${emailCampaignRecipients.claimedAt} = ${row.lease}::timestamptz`,
  );
}

/**
 * The campaign sender (DESIGN §3 background work, decision 0007): a loop in the app process that
 * claims batches of queued recipients with FOR UPDATE SKIP LOCKED, so several app instances share
 * the queue. Each recipient is marked `sending` in its own committed statement before the email
 * goes, then `sent`, retried later, or `failed`. A recipient found `sending` long after its claim
 * was interrupted mid-send and is marked failed, never sent again: nobody gets a campaign twice.
 */
export function createCampaignSender(
  { db, log }: ServiceDeps,
  parts: { email: EmailProvider; campaigns: CampaignService; getSettings: () => Promise<SiteSettings> },
  overrides: Partial<CampaignSenderOptions> = {},
) {
  const options: CampaignSenderOptions = {
    perMinute: 600,
    pollMs: 5_000,
    retryBaseMs: RETRY_BASE_MS,
    retryMaxMs: RETRY_MAX_MS,
    maxAttempts: MAX_SEND_ATTEMPTS,
    leaseMs: 120_000,
    staleSendingMs: 10 * 60_000,
    ...overrides,
  };
  const batchSize = claimBatchSize(options.perMinute);

  let running = false;
  let loop: Promise<void> | null = null;
  let pace: Pace = { nextSlotAt: null };
  /** Server unavailable this many times in a row: the whole sender waits before trying again. */
  let outages = 0;
  /** Ends the current wait early; `wakeable` waits (idle polling) also end on new work. */
  let interrupt: { done: () => void; wakeable: boolean } | null = null;

  /** Waits `ms`, or less when stopped (or, for an idle wait, when woken by new work). */
  function pause(ms: number, wakeable = false): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const current = { done, wakeable };
      function done() {
        clearTimeout(timer);
        if (interrupt === current) interrupt = null;
        resolve();
      }
      interrupt = current;
    });
  }

  /** Recipients whose sender died mid-send: the email may have gone, so it is not sent again. */
  async function failInterrupted(): Promise<void> {
    const interrupted = await db
      .update(emailCampaignRecipients)
      .set({
        status: "failed",
        claimedAt: null,
        lastError: "unknown: the sender stopped while sending; not sent again to avoid a second copy",
      })
      .where(
        and(
          eq(emailCampaignRecipients.status, "sending"),
          sql`${emailCampaignRecipients.claimedAt} < now() - make_interval(secs => ${options.staleSendingMs / 1000})`,
        ),
      )
      .returning({ campaignId: emailCampaignRecipients.campaignId });
    if (interrupted.length > 0)
      log.warn({ count: interrupted.length }, "campaign sends interrupted by a stop");
  }

  /** Claims up to a batch of due recipients of campaigns that are sending (a lease, not yet a send). */
  async function claim(): Promise<ClaimedRow[]> {
    const claimed = await db.execute<ClaimedRow>(sql`
      update email_campaign_recipients r
      set claimed_at = clock_timestamp()
      from (
        select q.campaign_id, q.member_id
        from email_campaign_recipients q
        join email_campaigns c on c.id = q.campaign_id and c.status = 'sending'
        where q.status = 'pending' and q.next_attempt_at <= now()
          and (q.claimed_at is null
               or q.claimed_at < now() - make_interval(secs => ${options.leaseMs / 1000}))
        order by q.next_attempt_at, q.campaign_id, q.member_id
        limit ${batchSize}
        for update of q skip locked
      ) picked, members m
      where r.campaign_id = picked.campaign_id and r.member_id = picked.member_id and m.id = r.member_id
      returning r.campaign_id, r.member_id, r.email, r.claimed_at::text as lease, m.agree_promotion, m.locale`);
    return claimed.rows;
  }

  /** Lets go of claimed rows this sender will not get to (stopping, or the server is down). */
  async function release(rows: ClaimedRow[]): Promise<void> {
    for (const row of rows) {
      await db.update(emailCampaignRecipients).set({ claimedAt: null }).where(stillClaimed(row));
    }
  }

  /** Committed before the send: from here on a crash leaves the row `sending`, never re-sent. */
  async function markSending(row: ClaimedRow): Promise<number | null> {
    const [started] = await db
      .update(emailCampaignRecipients)
      .set({
        status: "sending",
        claimedAt: sql`clock_timestamp()`,
        attempts: sql`${emailCampaignRecipients.attempts} + 1`,
      })
      .where(stillClaimed(row))
      .returning({ attempts: emailCampaignRecipients.attempts });
    return started?.attempts ?? null;
  }

  function rowKey(row: ClaimedRow) {
    return and(
      eq(emailCampaignRecipients.campaignId, row.campaign_id),
      eq(emailCampaignRecipients.memberId, row.member_id),
    );
  }

  async function markSent(row: ClaimedRow): Promise<void> {
    await db
      .update(emailCampaignRecipients)
      .set({ status: "sent", sentAt: sql`now()`, claimedAt: null, lastError: null })
      .where(and(rowKey(row), eq(emailCampaignRecipients.status, "sending")));
  }

  async function markFailed(row: ClaimedRow, attempts: number, failure: EmailFailure, error: string) {
    const retry =
      (failure === "deferred" || failure === "unavailable") && mayRetry(attempts, options.maxAttempts);
    const lastError = `${failure}: ${error}`.slice(0, 500);
    await db
      .update(emailCampaignRecipients)
      .set(
        retry
          ? {
              status: "pending",
              claimedAt: null,
              lastError,
              nextAttemptAt: new Date(
                Date.now() + retryDelayMs(attempts, options.retryBaseMs, options.retryMaxMs),
              ),
            }
          : { status: "failed", claimedAt: null, lastError },
      )
      .where(and(rowKey(row), eq(emailCampaignRecipients.status, "sending")));
  }

  /** Campaigns with nobody left to send to are done. */
  async function finishCampaigns(): Promise<void> {
    await db.execute(sql`
      update ${emailCampaigns} c set status = 'sent', finished_at = now(), updated_at = now()
      where c.status = 'sending' and not exists (
        select 1 from email_campaign_recipients r
        where r.campaign_id = c.id and r.status in ('pending', 'sending'))`);
  }

  /** Sends one claimed batch; false when the mail server is down and the sender should wait. */
  async function sendBatch(rows: ClaimedRow[]): Promise<boolean> {
    const settings = await parts.getSettings();
    // Each campaign read once a batch, its body rendered once per language.
    const contents = new Map<
      number,
      { content: CampaignContent; bodies: Map<CampaignLanguage, CampaignBody> }
    >();
    for (const [index, row] of rows.entries()) {
      if (!running) {
        await release(rows.slice(index));
        return true;
      }
      const wait = waitForSlot(pace, Date.now());
      if (wait > 0) await pause(wait);
      if (!running) {
        await release(rows.slice(index));
        return true;
      }
      if (!row.agree_promotion) {
        // The member said no after the campaign was queued (e.g. in their profile).
        await db
          .update(emailCampaignRecipients)
          .set({ status: "failed", claimedAt: null, lastError: "unsubscribed" })
          .where(and(rowKey(row), eq(emailCampaignRecipients.status, "pending")));
        continue;
      }
      let campaign = contents.get(row.campaign_id);
      if (!campaign) {
        const [found] = await db
          .select({
            id: emailCampaigns.id,
            subject: emailCampaigns.subject,
            bodyMarkdown: emailCampaigns.bodyMarkdown,
            subjectEn: emailCampaigns.subjectEn,
            bodyMarkdownEn: emailCampaigns.bodyMarkdownEn,
          })
          .from(emailCampaigns)
          .where(eq(emailCampaigns.id, row.campaign_id));
        if (!found) continue;
        campaign = { content: found, bodies: new Map() };
        contents.set(row.campaign_id, campaign);
      }
      const lang = campaignInLanguage(campaign.content, row.locale).lang;
      let body = campaign.bodies.get(lang);
      if (!body) {
        body = parts.campaigns.renderBody(campaign.content, lang);
        campaign.bodies.set(lang, body);
      }
      const message = await parts.campaigns.composeEmail(
        campaign.content,
        { memberId: row.member_id, email: row.email, locale: row.locale },
        settings,
        new Date(),
        { body },
      );
      const attempts = await markSending(row);
      if (attempts === null) continue; // another sender took the claim over
      pace = afterSend(pace, Date.now(), options.perMinute);
      try {
        await parts.email.send(message);
      } catch (error) {
        const failure: EmailFailure = error instanceof EmailSendError ? error.failure : "unavailable";
        await markFailed(row, attempts, failure, (error as Error).message);
        if (failure === "unavailable") {
          outages += 1;
          log.warn({ err: error, outages }, "mail server unavailable; campaign sending waits");
          await release(rows.slice(index + 1));
          return false;
        }
        continue;
      }
      outages = 0;
      await markSent(row);
    }
    return true;
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        await failInterrupted();
        const rows = await claim();
        if (rows.length === 0) {
          await finishCampaigns();
          await pause(options.pollMs, true);
          continue;
        }
        const serverUp = await sendBatch(rows);
        await finishCampaigns();
        if (!serverUp && running) await pause(retryDelayMs(outages, options.retryBaseMs, options.retryMaxMs));
      } catch (error) {
        // The database went away or similar: log it, and look again after a poll.
        log.error({ err: error }, "campaign sender failed; trying again shortly");
        if (running) await pause(options.pollMs);
      }
    }
  }

  return {
    options,
    /** Starts the loop (server start-up, after migrations). */
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Stops after the email in flight is sent and recorded (graceful shutdown). */
    async stop(): Promise<void> {
      running = false;
      interrupt?.done();
      await loop;
      loop = null;
    },
    /** There may be work now: look without waiting for the poll. */
    wake() {
      if (interrupt?.wakeable) interrupt.done();
    },
  };
}
