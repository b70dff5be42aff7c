import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { members } from "./members.ts";
import { orderLines, orders } from "./orders.ts";
import { pickupPoints } from "./pickup.ts";

/** Issue 31 item 2: a member who runs the pickup-day console at a point, as an admin assigned them. */
export const pickupStaff = pgTable(
  "pickup_staff",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    pickupPointId: integer("pickup_point_id")
      .notNull()
      .references(() => pickupPoints.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.pickupPointId] }),
    index("pickup_staff_point_idx").on(t.pickupPointId),
  ],
);

/**
 * A line the member did not get when collecting (issue 31 item 2): one row per line, written with
 * its dDollar refund in the collecting transaction, so a line is never refunded twice.
 */
export const pickupShortages = pgTable(
  "pickup_shortages",
  {
    orderLineId: bigint("order_line_id", { mode: "number" })
      .primaryKey()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    refundCents: integer("refund_cents").notNull(),
    staffId: uuid("staff_id").references(() => members.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pickup_shortages_order_idx").on(t.orderId),
    check("pickup_shortages_refund_not_negative", sql`${t.refundCents} >= 0`),
  ],
);
