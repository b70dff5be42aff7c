import { sql } from "drizzle-orm";
import {
  bigint,
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
import { REFUND_METHODS, REFUND_REASONS, REFUND_STATES } from "../../domain/payments/refunds.ts";
import { members } from "./members.ts";
import { orderLines, orders, payments } from "./orders.ts";

/**
 * Money going back to where it came from (issue 46 item 4, decision 0052): to the card through the
 * provider's refund API, or by a PayMe or FPS transfer an admin sends and records. Written in the
 * transaction that cancels the order, marks the line missing or reviews the kept payment, once per
 * `idempotency_key`; dDollar refunds are ledger records instead.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: REFUND_STATES }).notNull().default("requested"),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    /** The payment refunded (a card refund names its session; a kept payment is refunded whole). */
    paymentId: bigint("payment_id", { mode: "number" }).references(() => payments.id, {
      onDelete: "restrict",
    }),
    orderLineId: bigint("order_line_id", { mode: "number" }).references(() => orderLines.id, {
      onDelete: "restrict",
    }),
    /** The provider's refund id, by which its webhooks are matched. */
    providerRefundId: text("provider_refund_id"),
    /** The transfer's reference an admin recorded (PayMe, FPS). */
    reference: text("reference").notNull().default(""),
    /** One per effect (`cancel:<order>`, `missing:<line>`, `kept:<payment>`): a double click writes one. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdBy: uuid("created_by").references(() => members.id, { onDelete: "set null" }),
    recordedBy: uuid("recorded_by").references(() => members.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_key_idx").on(t.idempotencyKey),
    uniqueIndex("refunds_provider_refund_id_idx").on(t.providerRefundId),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_state_idx").on(t.state, t.createdAt),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("refunds_method", sql`${t.method} in ('card', 'payme', 'fps')`),
    check("refunds_state", sql`${t.state} in ('requested', 'sent', 'succeeded', 'failed', 'recorded')`),
    check("refunds_reason", sql`${t.reason} in ('cancel', 'missing_line', 'kept_payment')`),
  ],
);
