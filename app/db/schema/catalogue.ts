import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    /** English pages show the English texts where set, else the Chinese marked zh-HK (issue 48 item 2). */
    nameEn: text("name_en").notNull().default(""),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    slug: text("slug").notNull().unique(),
    position: integer("position").notNull().default(0),
    /** Tile image on the home page (top-level categories only). */
    image: text("image"),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.position)],
);

export const merchants = pgTable("merchants", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  logo: text("logo"),
  address: text("address").notNull().default(""),
  addressEn: text("address_en").notNull().default(""),
  freeDelivery: boolean("free_delivery").notNull().default(false),
  /** Listed under "brand partner stores" in the side menu and home. */
  featured: boolean("featured").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull().default(""),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  logo: text("logo"),
  /** Meat brands are listed in the side menu. */
  isMeat: boolean("is_meat").notNull().default(false),
  position: integer("position").notNull().default(0),
});
