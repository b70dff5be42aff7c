import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ADMIN_NOTICE_KINDS } from "../../domain/messages/admin-notices.ts";
import { locales } from "../../domain/shared/locales.ts";
import { members } from "./members.ts";

export const enquiryKinds = ["feedback", "supplier", "survey"] as const;
export type EnquiryKind = (typeof enquiryKinds)[number];
export const enquiryStatuses = ["new", "replied", "closed"] as const;

/** Customer feedback, supplier enquiries and survey answers: one inbox. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: enquiryKinds }).notNull(),
    status: text("status", { enum: enquiryStatuses }).notNull().default("new"),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    company: text("company"),
    message: text("message").notNull().default(""),
    answers: jsonb("answers").$type<Record<string, string | string[]>>(),
    /** The language of the page it was sent from (issue 48): replies are framed in it. */
    locale: text("locale", { enum: locales }).notNull().default("zh-HK"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("enquiries_status_idx").on(t.status, t.createdAt),
    check("enquiries_locale", sql`${t.locale} in ('zh-HK', 'en')`),
  ],
);

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    visitorId: text("visitor_id"),
    referrer: text("referrer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_created_idx").on(t.createdAt)],
);

export const replyChannels = ["email", "sms"] as const;

/** Admin replies to an enquiry, kept as its thread (issue 7). */
export const enquiryReplies = pgTable(
  "enquiry_replies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    enquiryId: bigint("enquiry_id", { mode: "number" })
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => members.id, { onDelete: "set null" }),
    channel: text("channel", { enum: replyChannels }).notNull(),
    to: text("to").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_replies_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

export const campaignStatuses = ["draft", "sending", "sent"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * A marketing email to every member with agreePromotion (issue 7); body is Markdown. A member who
 * reads English gets the English subject and body where the admin wrote them (issue 48).
 */
export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    subjectEn: text("subject_en").notNull().default(""),
    bodyMarkdownEn: text("body_markdown_en").notNull().default(""),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    createdBy: uuid("created_by").references(() => members.id, { onDelete: "set null" }),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [check("email_campaigns_status", sql`${t.status} in ('draft', 'sending', 'sent')`)],
);

export const recipientStatuses = ["pending", "sending", "sent", "failed"] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/**
 * One row per campaign and member, written when sending starts: the queue the sender claims
 * from (FOR UPDATE SKIP LOCKED) and the per-recipient result. The primary key is what makes
 * "never the same campaign twice" hold.
 */
export const emailCampaignRecipients = pgTable(
  "email_campaign_recipients",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: recipientStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a sender claimed the row; a stale claim (crash) is taken over after a timeout. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.memberId] }),
    index("email_campaign_recipients_queue_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const adminNoticeKinds = ADMIN_NOTICE_KINDS;

/**
 * An email to the admins waiting to go out (issue 46 item 5), written in the transaction of what it
 * tells (a settlement, a kept payment) or by the job that noticed it; `key` makes it once per event.
 * The `admin-notices` job claims it (`sent_at`, committed before sending) and emails every admin
 * who has not switched its kind off. Like an outbox, it keeps its text as written.
 */
export const adminNotices = pgTable(
  "admin_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: adminNoticeKinds }).notNull(),
    key: text("key").notNull().unique(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_notices_unsent_idx").on(t.id).where(sql`${t.sentAt} is null`),
    check(
      "admin_notices_kind",
      sql`${t.kind} in ('cycle_settled', 'sms_budget', 'job_failing', 'kept_payment', 'claims_due')`,
    ),
  ],
);

/** The kinds of admin email an admin switched off (absent: on). */
export const adminNoticeOptOuts = pgTable(
  "admin_notice_opt_outs",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: adminNoticeKinds }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);
