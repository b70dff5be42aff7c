import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { emailCampaignRecipients, emailCampaigns, members } from "~/db/schema/index.ts";
import type { CampaignInput, RecipientListQuery } from "~/domain/messages/admin-email.schema.ts";
import { type CampaignLanguage, campaignInLanguage } from "~/domain/messages/email-campaign.ts";
import { campaignProgress } from "~/domain/messages/email-sending.ts";
import type { TableState } from "~/domain/shared/admin-table.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { t } from "~/i18n/admin.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import { localePath } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import type { SiteSettings } from "../site/index.ts";
import { createCampaignComposer } from "./campaign-email.server.ts";
import { createUnsubscribeService } from "./unsubscribe.server.ts";

/** What the compose form saves: the zh-HK subject and body, and the English ones or nothing. */
type CampaignWords = Pick<CampaignInput, "subject" | "body" | "subjectEn" | "bodyEn">;

function campaignColumns(input: CampaignWords) {
  return {
    subject: input.subject,
    bodyMarkdown: input.body,
    subjectEn: input.subjectEn ?? "",
    bodyMarkdownEn: input.bodyEn ?? "",
  };
}

const recipientCounts = {
  sent: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'sent')::int`,
  failed: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'failed')::int`,
  pending: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} in ('pending', 'sending'))::int`,
};

/**
 * Marketing emails to members who agreed to promotions (issue 7 item 3, decision 0007): drafts,
 * the test to yourself, the start of sending (one transaction queues every recipient), the history
 * with progress, and the signed unsubscribe link. The sending itself is campaign-sender.server.ts.
 */
export function createCampaignService(
  { db, env }: ServiceDeps,
  parts: {
    email: EmailProvider;
    getSettings: () => Promise<SiteSettings>;
    /** Tells this instance's sender there is work, so sending starts without waiting for its poll. */
    wakeSender?: () => void;
  },
) {
  const unsubscribes = createUnsubscribeService({ db, env });
  const key = unsubscribes.key;

  const { publicUrl, emailWords, renderBody, composeEmail } = createCampaignComposer(env, key);

  async function optedInCount(): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(members)
      .where(and(eq(members.agreePromotion, true), sql`${members.email} like '%_@_%'`));
    return row?.total ?? 0;
  }

  async function find(id: number) {
    const [campaign] = await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
    return campaign ?? null;
  }

  return {
    publicUrl,

    /** What the compose page needs besides the draft: the preview's frame and the test address. */
    async composeContext(adminId: string) {
      const [settings, [admin], optedIn] = await Promise.all([
        parts.getSettings(),
        db.select({ email: members.email }).from(members).where(eq(members.id, adminId)),
        optedInCount(),
      ]);
      const preview = (lang: CampaignLanguage) =>
        `${publicUrl()}${localePath(lang, "/unsubscribe")}?token=preview`;
      const frame = (lang: CampaignLanguage) => ({
        shopName: shopNameIn(i18nIn(lang), settings.shopName),
        words: emailWords(settings, lang, preview(lang)),
      });
      return {
        // The preview's frame in each language a campaign is written in.
        frames: { "zh-HK": frame("zh-HK"), en: frame("en") },
        publicUrl: publicUrl(),
        testAddress: admin?.email.includes("@") ? admin.email : null,
        optedIn,
      };
    },

    renderBody,
    composeEmail,
    optedInCount,

    /** The history, newest first, with each campaign's sent, failed and pending counts. */
    async list(query: TableState) {
      return readListPage(
        query,
        db.select({ total: count() }).from(emailCampaigns),
        db
          .select({
            id: emailCampaigns.id,
            subject: emailCampaigns.subject,
            status: emailCampaigns.status,
            recipientCount: emailCampaigns.recipientCount,
            createdAt: emailCampaigns.createdAt,
            finishedAt: emailCampaigns.finishedAt,
            ...recipientCounts,
          })
          .from(emailCampaigns)
          .leftJoin(emailCampaignRecipients, eq(emailCampaignRecipients.campaignId, emailCampaigns.id))
          .groupBy(emailCampaigns.id)
          .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
          .$dynamic(),
      );
    },

    /** One campaign with its progress and who created it; null when there is none. */
    async get(id: number) {
      const campaign = await find(id);
      if (!campaign) return null;
      const [[counts], [author], history] = await Promise.all([
        db
          .select(recipientCounts)
          .from(emailCampaignRecipients)
          .where(eq(emailCampaignRecipients.campaignId, id)),
        campaign.createdBy
          ? db
              .select({ phone: members.phone, lastName: members.lastName, firstName: members.firstName })
              .from(members)
              .where(eq(members.id, campaign.createdBy))
          : Promise.resolve([]),
        listAudit(db, { entity: "email_campaign", entityId: String(id), limit: 10 }),
      ]);
      return {
        campaign,
        progress: campaignProgress(counts ?? { sent: 0, failed: 0, pending: 0 }),
        author: author ?? null,
        history,
      };
    },

    /** A page of one campaign's recipients with their results, filtered by status and searchable. */
    async recipients(id: number, query: RecipientListQuery) {
      const conditions: (SQL | undefined)[] = [eq(emailCampaignRecipients.campaignId, id)];
      if (query.status === "pending") {
        conditions.push(inArray(emailCampaignRecipients.status, ["pending", "sending"]));
      } else if (query.status !== "all") {
        conditions.push(eq(emailCampaignRecipients.status, query.status));
      }
      if (query.q) {
        const text = containsPattern(query.q);
        conditions.push(
          or(
            ilike(emailCampaignRecipients.email, text),
            ilike(members.phone, text),
            ilike(
              sql`${members.lastName} || ${members.firstName}`,
              containsPattern(query.q.replace(/\s+/g, "")),
            ),
          ),
        );
      }
      const where = and(...conditions);
      return readListPage(
        query,
        db
          .select({ total: count() })
          .from(emailCampaignRecipients)
          .innerJoin(members, eq(members.id, emailCampaignRecipients.memberId))
          .where(where),
        db
          .select({
            memberId: emailCampaignRecipients.memberId,
            email: emailCampaignRecipients.email,
            status: emailCampaignRecipients.status,
            attempts: emailCampaignRecipients.attempts,
            lastError: emailCampaignRecipients.lastError,
            nextAttemptAt: emailCampaignRecipients.nextAttemptAt,
            sentAt: emailCampaignRecipients.sentAt,
            phone: members.phone,
            lastName: members.lastName,
            firstName: members.firstName,
          })
          .from(emailCampaignRecipients)
          .innerJoin(members, eq(members.id, emailCampaignRecipients.memberId))
          .where(where)
          .orderBy(
            sql`case ${emailCampaignRecipients.status} when 'failed' then 0 when 'sending' then 1 when 'pending' then 2 else 3 end`,
            emailCampaignRecipients.email,
            emailCampaignRecipients.memberId,
          )
          .$dynamic(),
      );
    },

    /** A new draft, with its audit entry. */
    async create(actorId: string, input: CampaignWords): Promise<number> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(emailCampaigns)
          .values({ ...campaignColumns(input), createdBy: actorId })
          .returning({ id: emailCampaigns.id });
        await recordAudit(tx, {
          actorId,
          action: "email_campaign.create",
          entity: "email_campaign",
          entityId: String(created!.id),
          after: { subject: input.subject },
        });
        return created!.id;
      });
    },

    /** Changes a draft; a campaign that has started sending keeps what it was sent with. */
    async update(
      actorId: string,
      id: number,
      input: CampaignWords,
    ): Promise<"updated" | "unchanged" | "not_found" | "locked"> {
      return db.transaction(async (tx) => {
        const [campaign] = await tx
          .select()
          .from(emailCampaigns)
          .where(eq(emailCampaigns.id, id))
          .for("update");
        if (!campaign) return "not_found";
        if (campaign.status !== "draft") return "locked";
        const columns = campaignColumns(input);
        if (
          Object.entries(columns).every(([name, value]) => campaign[name as keyof typeof columns] === value)
        )
          return "unchanged";
        await tx
          .update(emailCampaigns)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(emailCampaigns.id, id));
        await recordAudit(tx, {
          actorId,
          action: "email_campaign.update",
          entity: "email_campaign",
          entityId: String(id),
          before: campaign.subject === input.subject ? undefined : { subject: campaign.subject },
          after: campaign.subject === input.subject ? undefined : { subject: input.subject },
        });
        return "updated";
      });
    },

    /**
     * The campaign as it will look, to the signed-in admin's own email address: one copy in each
     * language it is written in (issue 48).
     */
    async sendTest(
      adminId: string,
      id: number,
      now = new Date(),
    ): Promise<{ status: "sent"; to: string } | { status: "not_found" | "no_email" | "failed" }> {
      const [campaign, [admin], settings] = await Promise.all([
        find(id),
        db.select({ email: members.email }).from(members).where(eq(members.id, adminId)),
        parts.getSettings(),
      ]);
      if (!campaign) return { status: "not_found" };
      if (!admin?.email.includes("@")) return { status: "no_email" };
      const subject = (written: string) => t("email.campaign.testSubject", { subject: written });
      const languages: CampaignLanguage[] =
        campaignInLanguage(campaign, "en").lang === "en" ? ["zh-HK", "en"] : ["zh-HK"];
      try {
        for (const locale of languages) {
          const recipient = { memberId: adminId, email: admin.email, locale };
          const message = await composeEmail(campaign, recipient, settings, now, { subject });
          // A test is not one of the campaign's copies: it has no Message-ID of the campaign's own.
          await parts.email.send({ ...message, messageId: undefined });
        }
      } catch {
        return { status: "failed" };
      }
      return { status: "sent", to: admin.email };
    },

    /**
     * Starts sending (one transaction): the draft becomes `sending` and every member who agreed to
     * promotions gets one queued row. Starting twice queues nobody twice: only a draft can start,
     * and (campaign, member) is the recipients' primary key.
     */
    async startSending(
      actorId: string,
      id: number,
    ): Promise<
      { status: "started"; recipients: number } | { status: "not_found" | "already" | "no_recipients" }
    > {
      const result = await db.transaction(async (tx) => {
        const [campaign] = await tx
          .select()
          .from(emailCampaigns)
          .where(eq(emailCampaigns.id, id))
          .for("update");
        if (!campaign) return { status: "not_found" } as const;
        if (campaign.status !== "draft") return { status: "already" } as const;
        const queued = await tx.execute<{ member_id: string }>(sql`
          insert into ${emailCampaignRecipients} (campaign_id, member_id, email)
          select ${id}, ${members.id}, ${members.email} from ${members}
          where ${members.agreePromotion} and ${members.email} like '%_@_%'
          on conflict do nothing
          returning member_id`);
        const recipients = queued.rowCount ?? queued.rows.length;
        if (recipients === 0) {
          // Nothing to send: the campaign stays a draft for when members have agreed.
          return { status: "no_recipients" } as const;
        }
        const now = new Date();
        await tx
          .update(emailCampaigns)
          .set({ status: "sending", recipientCount: recipients, startedAt: now, updatedAt: now })
          .where(eq(emailCampaigns.id, id));
        await recordAudit(tx, {
          actorId,
          action: "email_campaign.send",
          entity: "email_campaign",
          entityId: String(id),
          after: { subject: campaign.subject, recipients },
        });
        return { status: "started", recipients } as const;
      });
      if (result.status === "started") parts.wakeSender?.();
      return result;
    },

    checkUnsubscribe: unsubscribes.checkUnsubscribe,
    unsubscribe: unsubscribes.unsubscribe,
    unsubscribeToken: unsubscribes.unsubscribeToken,
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;
