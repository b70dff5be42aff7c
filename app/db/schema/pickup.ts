import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { merchants } from "./catalogue.ts";

export const areas = ["香港島", "九龍", "新界及離島"] as const;
export type Area = (typeof areas)[number];

export const pickupDistricts = pgTable("pickup_districts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** English pages show it where set, else the Chinese name marked zh-HK (issue 48 item 2). */
  nameEn: text("name_en").notNull().default(""),
  area: text("area", { enum: areas }).notNull(),
  position: integer("position").notNull().default(0),
});

export const pickupPoints = pgTable(
  "pickup_points",
  {
    id: serial("id").primaryKey(),
    districtId: integer("district_id")
      .notNull()
      .references(() => pickupDistricts.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    hours: text("hours").notNull().default("星期一至五 10:00–19:00（公眾假期除外）"),
    /** The same three in English, each optional: English pages show the Chinese where one is blank. */
    nameEn: text("name_en").notNull().default(""),
    addressEn: text("address_en").notNull().default(""),
    hoursEn: text("hours_en").notNull().default(""),
    /** The days of the week it opens, ISO numbered (1 Monday … 7 Sunday): checked against pickup dates. */
    openDays: integer("open_days").array().notNull().default(sql`'{1,2,3,4,5}'`),
    /** Per-member delivery charge in cents, once per member per cycle. */
    deliveryChargeCents: integer("delivery_charge_cents").notNull().default(0),
    /** Total cost of delivering here in a cycle, shared by its members (DESIGN §4.8). */
    runFeeCents: integer("run_fee_cents"),
    merchantId: integer("merchant_id").references(() => merchants.id, { onDelete: "set null" }),
    active: boolean("active").notNull().default(true),
    bannerDesktop: text("banner_desktop"),
    bannerMobile: text("banner_mobile"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("pickup_points_district_idx").on(t.districtId)],
);
