import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const creditNoticeKinds = ["weight", "missing", "adjustment", "refund"] as const;
export type CreditNoticeKind = (typeof creditNoticeKinds)[number];

/**
 * The SMS telling a member that dDollar came in outside settlement (issue 47 item 4): a weighing,
 * a line missing at pickup, an admin's adjustment. Like `settlement_notices` (decision 0016) it is
 * written in the credit's own transaction and sent by a job after the commit, at most once. One row
 * per member per batch (a weighing form's lines, one hand-over, one adjustment): a batch's later
 * credits add to its unsent row. `due_at` holds a batch written over several transactions until it
 * is complete. No foreign keys, like an outbox.
 */
export const creditNotices = pgTable(
  "credit_notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    batch: text("batch").notNull(),
    memberId: uuid("member_id").notNull(),
    phone: text("phone").notNull(),
    kind: text("kind", { enum: creditNoticeKinds }).notNull(),
    cents: integer("cents").notNull(),
    /** The orders the credits are for, each once. */
    orderNumbers: text("order_numbers").array().notNull().default(sql`'{}'::text[]`),
    /** For a missing line: the lines and the staff's reason, as the member reads them. */
    detail: text("detail").notNull().default(""),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Claimed for sending (at most once: set in its own commit before the SMS goes out). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("credit_notices_unsent_batch_idx").on(t.batch, t.memberId).where(sql`${t.sentAt} is null`),
    index("credit_notices_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`),
    check("credit_notices_kind", sql`${t.kind} in ('weight', 'missing', 'adjustment', 'refund')`),
    check("credit_notices_cents_positive", sql`${t.cents} > 0`),
  ],
);
