import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One row (id 1): the settings of DESIGN §4.15. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull().default("齊齊買"),
    supportWhatsapp: text("support_whatsapp").notNull().default("85291234567"),
    maintenance: boolean("maintenance").notNull().default(false),
    reopenAt: timestamp("reopen_at", { withTimezone: true }).notNull().default(sql`'2022-10-17 05:00:00+08'`),
    facebookUrl: text("facebook_url").notNull().default("https://www.facebook.com/"),
    instagramUrl: text("instagram_url").notNull().default("https://www.instagram.com/"),
    cardFeeBasisPoints: integer("card_fee_basis_points").notNull().default(150),
    referralPercent: integer("referral_percent").notNull().default(5),
    /**
     * How long a PayMe claim (「我已付款」) waits for an admin's confirmation before the order expires
     * like any unpaid one; never past the cycle's settlement (decision 0025).
     */
    paymeClaimHours: integer("payme_claim_hours").notNull().default(24),
    /**
     * The shop's FPS (轉數快) proxy as its QR code carries it (issue 31): an FPS ID of 7 or 9
     * digits, a mobile "+852-91234567" or an email address; null: FPS is not offered.
     */
    fpsIdentifier: text("fps_identifier"),
    /** The name of the account FPS pays into, shown to members beside the identifier. */
    fpsAccountName: text("fps_account_name"),
    /** The shop's weekly cut-off in Hong Kong time (issue 27): ISO weekday (7 Sunday) and minute of the day. */
    weeklyCutoffWeekday: integer("weekly_cutoff_weekday").notNull().default(7),
    weeklyCutoffMinute: integer("weekly_cutoff_minute").notNull().default(1439),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("site_settings_payme_claim_hours", sql`${t.paymeClaimHours} between 1 and 168`),
    // FPS is offered with both or neither: members are told whose account they pay.
    check("site_settings_fps_pair", sql`(${t.fpsIdentifier} is null) = (${t.fpsAccountName} is null)`),
  ],
);

/**
 * What the shop shows of its own (DESIGN §4.15, issue 27 item 6): home carousel slides, home popups
 * and the rotating top text banner, each edited at /admin/banner. A `top` banner is text only (the
 * title, with an optional link): its images are null.
 */
export const bannerKinds = ["carousel", "popup", "top", "location"] as const;
export type BannerKind = (typeof bannerKinds)[number];

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: bannerKinds }).notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle"),
  /** The words in English, for English pages; blank: the Chinese, marked zh-HK (issue 48 item 2). */
  titleEn: text("title_en").notNull().default(""),
  subtitleEn: text("subtitle_en").notNull().default(""),
  href: text("href"),
  imageDesktop: text("image_desktop"),
  imageMobile: text("image_mobile"),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/**
 * Fixed-window request counters (decision 0015), kept in PostgreSQL so every app instance counts
 * the same hits. A row per bucket, client and window; old windows are deleted by a job.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] })],
);
