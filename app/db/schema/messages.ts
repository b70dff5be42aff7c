import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("enquiries_status_idx").on(t.status, t.createdAt)],
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
