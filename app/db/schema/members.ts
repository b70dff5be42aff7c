import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { genders } from "../../domain/members/genders.ts";
import { locales } from "../../domain/shared/locales.ts";

export const memberTypes = ["member", "admin"] as const;
export type MemberType = (typeof memberTypes)[number];

/**
 * SPEC §3 "User", keyed by uid; `dDollarCents` is the cached ledger balance (DESIGN §4.10). Half of
 * each page is kept free (fillfactor 50, migration 0013) so that settlement's new balances are HOT
 * updates (decision 0018).
 */
export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone").notNull().unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    gender: text("gender", { enum: genders }),
    area: text("area"),
    adminDistrict: text("admin_district"),
    district: text("district"),
    dDollarCents: integer("d_dollar_cents").notNull().default(0),
    agreePromotion: boolean("agree_promotion").notNull().default(false),
    type: text("type", { enum: memberTypes }).notNull().default("member"),
    referrerId: uuid("referrer_id").references((): AnyPgColumn => members.id, { onDelete: "set null" }),
    referralDiscount: integer("referral_discount").notNull().default(0),
    /**
     * What share links carry instead of the phone (DESIGN §4.11, issue 47 item 6): eight capital
     * letters (never digits, so never a phone number), random and stable; made by the database.
     */
    referralCode: text("referral_code").notNull().default(sql`gather_referral_code()`),
    /**
     * The language the member reads (issue 48): their SMS and emails are in it. Set from the page
     * they registered on, and changed in their profile or with the header's language switch.
     */
    locale: text("locale", { enum: locales }).notNull().default("zh-HK"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    lastConsumption: timestamp("last_consumption", { withTimezone: true }),
  },
  (t) => [
    check("members_phone_digits", sql`${t.phone} ~ '^[0-9]{8}$'`),
    check("members_d_dollar_not_negative", sql`${t.dDollarCents} >= 0`),
    check("members_referral_discount", sql`${t.referralDiscount} in (0, 1)`),
    check("members_locale", sql`${t.locale} in ('zh-HK', 'en')`),
    uniqueIndex("members_referral_code_idx").on(t.referralCode),
    index("members_created_idx").on(t.createdAt),
  ],
);

export const neighborTypes = ["referee", "referrer"] as const;

/** SPEC §3 "Neighbor": the two records a referral creates, one on each member. */
export const neighbors = pgTable(
  "neighbors",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    neighborId: uuid("neighbor_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: text("type", { enum: neighborTypes }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("neighbors_pair_idx").on(t.memberId, t.neighborId, t.type)],
);

export const codePurposes = ["login", "register"] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** SMS codes (DESIGN §4.14): only an HMAC of the code is kept. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: codePurposes }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip"),
    /** Who asked for it (device cookie or address): only that client may use it (issue 44 item 3). */
    client: text("client").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("verification_codes_phone_idx").on(t.phone, t.createdAt),
    index("verification_codes_client_idx").on(t.phone, t.client, t.createdAt),
    index("verification_codes_ip_idx").on(t.ip, t.createdAt),
    index("verification_codes_created_idx").on(t.createdAt),
  ],
);

/**
 * Consecutive wrong codes per number and client (issue 44 item 3): the client is the browser's
 * device cookie, or its address without one. 10 in a row lock that client out of that number for
 * 15 minutes; nobody else. `signedInAt` marks a client that has signed in to the number (its owner's
 * device), which the number-wide send ceiling does not stop.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    phone: text("phone").notNull(),
    client: text("client").notNull(),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    signedInAt: timestamp("signed_in_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.client] })],
);

/**
 * SMS code counters (issue 44 item 4), each raised by one upsert inside the send's transaction so
 * concurrent sends never pass a limit: the shop's day per purpose, a network's day, an address's hour.
 */
export const smsCounters = pgTable(
  "sms_counters",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    sent: integer("sent").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.windowStart] })],
);

/** The 50/80/100 % budget emails to the admins: a row claims one notice, once per purpose and day. */
export const smsBudgetNotices = pgTable(
  "sms_budget_notices",
  {
    purpose: text("purpose", { enum: codePurposes }).notNull(),
    day: timestamp("day", { withTimezone: true }).notNull(),
    percent: integer("percent").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.day, t.percent] })],
);

/** Proof-of-work challenges already spent on a code: a solution is good for one send. */
export const spentChallenges = pgTable("spent_challenges", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_member_idx").on(t.memberId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Secrets shared by every app instance, created on first start when not configured. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin write: who, what, when, before and after (DESIGN §4.14). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => members.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

export const outboxChannels = ["sms", "email"] as const;

/** Messages sent by the outbox providers (DESIGN §5); read back at /dev/outbox in demo mode. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel", { enum: outboxChannels }).notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("outbox_messages_to_idx").on(t.to, t.createdAt)],
);

/**
 * One row per SMS a provider accepted (Twilio or the outbox), for the dashboard's "SMS sent today"
 * (issue 8): the provider's name only, never the number or the text.
 */
export const smsSends = pgTable(
  "sms_sends",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_sends_created_idx").on(t.createdAt)],
);
