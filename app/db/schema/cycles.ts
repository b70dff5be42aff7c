import { sql } from "drizzle-orm";
import { check, date, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

export const cycleStatuses = ["open", "settling", "settled"] as const;
export type CycleStatus = (typeof cycleStatuses)[number];

/**
 * DESIGN §4.3: one order window ending at a cut-off (/admin/deadline), open → settling → settled.
 * Pickup dates are calendar days in Hong Kong, hence `date` and not a timestamp.
 */
export const orderCycles = pgTable(
  "order_cycles",
  {
    id: serial("id").primaryKey(),
    cutoffAt: timestamp("cutoff_at", { withTimezone: true }).notNull(),
    pickupFrom: date("pickup_from", { mode: "string" }).notNull(),
    pickupTo: date("pickup_to", { mode: "string" }).notNull(),
    status: text("status", { enum: cycleStatuses }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When settlement committed (DESIGN §4.8), and the admin who asked for it (null: the job). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    settledBy: uuid("settled_by").references(() => members.id, { onDelete: "set null" }),
  },
  (t) => [
    check("order_cycles_status", sql`${t.status} in ('open', 'settling', 'settled')`),
    check("order_cycles_pickup_order", sql`${t.pickupTo} >= ${t.pickupFrom}`),
    // Exactly one cycle takes orders at a time; a second open one is refused by the database.
    uniqueIndex("order_cycles_one_open_idx").on(t.status).where(sql`${t.status} = 'open'`),
  ],
);
