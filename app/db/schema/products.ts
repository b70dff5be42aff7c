import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { PIECE_UNIT, productModes } from "../../domain/shared/pricing.ts";
import { brands, categories, merchants } from "./catalogue.ts";
import { members } from "./members.ts";

/** DESIGN §4.2. Money in integer cents (DESIGN §4.1); `defaultWeight` is in `unit` (1 for 件). */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** English name, searched together with the Chinese one (/product?name=). */
    nameEn: text("name_en").notNull().default(""),
    description: text("description").notNull().default(""),
    /** English pages show it where set, else the Chinese description marked zh-HK. */
    descriptionEn: text("description_en").notNull().default(""),
    mode: text("mode", { enum: productModes }).notNull(),
    priceCents: integer("price_cents").notNull(),
    gatherPriceCents: integer("gather_price_cents").notNull(),
    marketPriceCents: integer("market_price_cents").notNull(),
    unit: text("unit").notNull().default(PIECE_UNIT),
    defaultWeight: numeric("default_weight", { precision: 8, scale: 3, mode: "number" }).notNull().default(1),
    /** Units left; null = unlimited (group modes only: instock always counts its stock). */
    stock: integer("stock"),
    addToCartQty: integer("add_to_cart_qty").notNull().default(1),
    maxPerMember: integer("max_per_member"),
    /** Distinct paying members needed in a cycle for the group price (general and limited). */
    targetBuyers: integer("target_buyers"),
    isPublished: boolean("is_published").notNull().default(false),
    /** Alcohol: the buyer confirms being 18 or over at checkout. */
    ageRestricted: boolean("age_restricted").notNull().default(false),
    /** A top-level category; `subcategoryId` is one of its children (checked by the service that writes it). */
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategoryId: integer("subcategory_id").references(() => categories.id, { onDelete: "restrict" }),
    brandId: integer("brand_id").references(() => brands.id, { onDelete: "set null" }),
    merchantId: integer("merchant_id").references(() => merchants.id, { onDelete: "set null" }),
    /** Upload URLs of the full-width WebP files, first one is the cover. */
    images: jsonb("images").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Both names in lower case, kept by PostgreSQL, for /product?name=: a plain LIKE on it does
     * what ILIKE on two columns did without lower-casing every row on every search
     * (migration 0006; bench:listing). The line break keeps a query from matching across the two
     * names.
     */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`lower(name || chr(10) || name_en)`),
  },
  (t) => [
    check("products_mode", sql`${t.mode} in ('general', 'limited', 'instock')`),
    check("products_price_not_negative", sql`${t.priceCents} >= 0`),
    check("products_gather_price_not_negative", sql`${t.gatherPriceCents} >= 0`),
    check("products_market_price_not_negative", sql`${t.marketPriceCents} >= 0`),
    check("products_gather_price_not_above_price", sql`${t.gatherPriceCents} <= ${t.priceCents}`),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
    check("products_instock_has_stock", sql`${t.mode} <> 'instock' or ${t.stock} is not null`),
    // Spelled out with "is not null": a CHECK that comes out NULL lets the row through.
    check(
      "products_group_has_target",
      sql`${t.mode} = 'instock' or (${t.targetBuyers} is not null and ${t.targetBuyers} >= 1)`,
    ),
    check("products_default_weight_positive", sql`${t.defaultWeight} > 0`),
    check("products_piece_weight_one", sql`${t.unit} <> '件' or ${t.defaultWeight} = 1`),
    check("products_add_to_cart_qty_positive", sql`${t.addToCartQty} >= 1`),
    check("products_max_per_member_positive", sql`${t.maxPerMember} >= 1`),
    check("products_name_not_blank", sql`btrim(${t.name}) <> ''`),
    // Listings read published rows only, in group-price order (SPEC §9); partial indexes keep them small.
    index("products_listing_price_idx").on(t.gatherPriceCents, t.id).where(sql`${t.isPublished}`),
    index("products_listing_mode_price_idx")
      .on(t.mode, t.gatherPriceCents, t.id)
      .where(sql`${t.isPublished}`),
    index("products_listing_created_idx").on(t.createdAt, t.id).where(sql`${t.isPublished}`),
    index("products_category_idx").on(t.categoryId, t.subcategoryId),
    // The side menu's counts per category and mode on every storefront page: an index-only scan.
    index("products_listing_counts_idx")
      .on(t.categoryId, t.subcategoryId, t.mode)
      .where(sql`${t.isPublished}`),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_merchant_idx").on(t.merchantId),
  ],
);

export const stockImportStatuses = ["pending", "committed", "discarded"] as const;

/**
 * A stock CSV checked and waiting for the admin to confirm (issue 4): the parsed rows and the
 * per-row errors, so the preview and the all-or-nothing commit read the same thing.
 */
export const stockImports = pgTable("stock_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  adminId: uuid("admin_id").references(() => members.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  rows: jsonb("rows").$type<unknown[]>().notNull(),
  errors: jsonb("errors").$type<unknown[]>().notNull().default([]),
  status: text("status", { enum: stockImportStatuses }).notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  committedAt: timestamp("committed_at", { withTimezone: true }),
});
