import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { type LedgerReason, ledgerReasons } from "../../domain/dollars/ledger-reasons.ts";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../../domain/orders/orders.ts";
import { orderCycles } from "./cycles.ts";
import { members } from "./members.ts";
import { pickupPoints } from "./pickup.ts";
import { products } from "./products.ts";

/** The server-side cart (Checkout issue): one row per member and product; prices are read live. */
export const cartItems = pgTable(
  "cart_items",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    selected: boolean("selected").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.productId] }),
    check("cart_items_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

/**
 * Who counts in a group product's progress (DESIGN §4.3): a row per cycle, product and member with
 * a paid order holding an active line for it, and how many such lines. Kept by triggers on orders
 * and order lines (decision 0043), it lets a storefront page count a product's buyers from this
 * table's key instead of joining every order of the cycle (issue 30 item 1). Derived, so no keys.
 */
export const groupBuyers = pgTable(
  "group_buyers",
  {
    cycleId: integer("cycle_id").notNull(),
    productId: integer("product_id").notNull(),
    memberId: uuid("member_id").notNull(),
    lines: integer("lines").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.productId, t.memberId] }),
    check("group_buyers_lines_positive", sql`${t.lines} >= 1`),
  ],
);

/** What the member chose at checkout, kept so it survives a reload (Checkout issue item 2). */
export const checkoutDrafts = pgTable("checkout_drafts", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  pickupPointId: integer("pickup_point_id").references(() => pickupPoints.id, { onDelete: "set null" }),
  remark: text("remark").notNull().default(""),
  discountCode: text("discount_code"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** DESIGN §4.12. `usedCount` is raised with a conditional update, so a limit is never passed. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    /** Percentage of the items amount to pay: 90 = pay 90% (SPEC §9 default 100). */
    percentageDiscount: integer("percentage_discount").notNull().default(100),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    totalLimit: integer("total_limit"),
    perMemberLimit: integer("per_member_limit"),
    minItemsCents: integer("min_items_cents").notNull().default(0),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are case-insensitive (DESIGN §4.12).
    uniqueIndex("discount_codes_code_idx").on(sql`lower(${t.code})`),
    check("discount_codes_percentage", sql`${t.percentageDiscount} between 0 and 100`),
    check(
      "discount_codes_used_within_limit",
      sql`${t.totalLimit} is null or ${t.usedCount} <= ${t.totalLimit}`,
    ),
    check("discount_codes_used_not_negative", sql`${t.usedCount} >= 0`),
    check("discount_codes_min_items_not_negative", sql`${t.minItemsCents} >= 0`),
  ],
);

export const orderStatuses = ORDER_STATUSES;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderNotices = ["placed", "paid"] as const;
export type OrderNotice = (typeof orderNotices)[number];

export const paymentMethods = PAYMENT_METHODS;
export type PaymentMethod = (typeof paymentMethods)[number];

/** DESIGN §4.6: amounts as charged at checkout (§4.5), in cents. */
export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What members and staff read and search: short, unique. */
    number: text("number").notNull().unique(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    cycleId: integer("cycle_id")
      .notNull()
      .references(() => orderCycles.id, { onDelete: "restrict" }),
    status: text("status", { enum: orderStatuses }).notNull().default("pending_payment"),
    pickupPointId: integer("pickup_point_id")
      .notNull()
      .references(() => pickupPoints.id, { onDelete: "restrict" }),
    pickupCode: text("pickup_code").notNull().unique(),
    remark: text("remark").notNull().default(""),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    percentageDiscount: integer("percentage_discount").notNull().default(100),
    itemsCents: integer("items_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    dDollarUsedCents: integer("d_dollar_used_cents").notNull().default(0),
    payableCents: integer("payable_cents").notNull(),
    cardFeeCents: integer("card_fee_cents").notNull().default(0),
    paymentMethod: text("payment_method", { enum: paymentMethods }),
    ageConfirmed: boolean("age_confirmed").notNull().default(false),
    /** The checkout form's key: a double click or a retry finds the order already placed. */
    idempotencyKey: text("idempotency_key").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * The message due to the member (issue 27): `placed` when the order is placed, `paid` when it is
     * paid; the order-notices job sends it and clears this. Written with the change it tells of.
     */
    pendingNotice: text("pending_notice", { enum: orderNotices }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "orders_status",
      sql`${t.status} in ('pending_payment', 'paid', 'confirmed', 'ready_for_pickup', 'collected', 'expired', 'cancelled')`,
    ),
    uniqueIndex("orders_member_idempotency_idx").on(t.memberId, t.idempotencyKey),
    index("orders_member_idx").on(t.memberId, t.createdAt),
    // No index mentions `status` (decision 0018): a change of status (paid, confirmed, ready,
    // collected) is then a HOT update that leaves the indexes alone; the table keeps room for it
    // (fillfactor 50, migration 0013). Only unpaid orders have an expiry (the others clear it).
    index("orders_cycle_idx").on(t.cycleId),
    index("orders_pickup_point_idx").on(t.pickupPointId, t.cycleId),
    index("orders_pending_expiry_idx").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    index("orders_pending_notice_idx").on(t.id).where(sql`${t.pendingNotice} is not null`),
    check("orders_pending_notice", sql`${t.pendingNotice} in ('placed', 'paid')`),
    check(
      "orders_amounts_not_negative",
      sql`${t.itemsCents} >= 0 and ${t.discountCents} >= 0
      and ${t.deliveryFeeCents} >= 0 and ${t.dDollarUsedCents} >= 0 and ${t.payableCents} >= 0
      and ${t.cardFeeCents} >= 0`,
    ),
  ],
);

export const groupOutcomes = ["met", "missed"] as const;

/**
 * DESIGN §4.8: each group product's result in a settled cycle, kept as decided at the cut-off so
 * a later weighing, the report and the members' statements read the same outcome (and targets
 * edited afterwards change nothing).
 */
export const groupResults = pgTable(
  "group_results",
  {
    cycleId: integer("cycle_id")
      .notNull()
      .references(() => orderCycles.id, { onDelete: "restrict" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    buyers: integer("buyers").notNull(),
    targetBuyers: integer("target_buyers"),
    outcome: text("outcome", { enum: groupOutcomes }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.productId] }),
    check("group_results_outcome", sql`${t.outcome} in ('met', 'missed')`),
  ],
);

/**
 * The settlement SMS waiting to go out (SPEC §9, decision 0016): one per member a cycle's settlement
 * credited, written in the settlement transaction — so none is lost to a crash after the commit and
 * a second run queues nobody twice — and sent afterwards by the `settlement-sms` job. The phone
 * and amount are kept as they were at settlement; like an outbox, it has no foreign keys.
 */
export const settlementNotices = pgTable(
  "settlement_notices",
  {
    cycleId: integer("cycle_id").notNull(),
    memberId: uuid("member_id").notNull(),
    phone: text("phone").notNull(),
    cents: integer("cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Claimed for sending (at most once: set in its own commit before the SMS goes out). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.memberId] }),
    index("settlement_notices_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

export const lineStatuses = ["active", "cancelled_group_failed"] as const;

/** A snapshot of the product as sold (name in both languages, prices, unit, weight) and what the line was charged. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** The product's English name as sold (issue 48), blank where it had none. */
    nameEn: text("name_en").notNull().default(""),
    mode: text("mode").notNull(),
    unit: text("unit").notNull(),
    defaultWeight: numeric("default_weight", { precision: 8, scale: 3, mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    priceCents: integer("price_cents").notNull(),
    gatherPriceCents: integer("gather_price_cents").notNull(),
    marketPriceCents: integer("market_price_cents").notNull(),
    /** The payable unit price charged (DESIGN §4.4) and the line's charged amount (§4.5). */
    unitPriceCents: integer("unit_price_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Weighed total weight in `unit` (DESIGN §4.9); null until weighed. */
    actualWeight: numeric("actual_weight", { precision: 10, scale: 3, mode: "number" }),
    status: text("status", { enum: lineStatuses }).notNull().default("active"),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_product_idx").on(t.productId),
    check("order_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_lines_amount_not_negative", sql`${t.amountCents} >= 0`),
    check("order_lines_actual_weight_positive", sql`${t.actualWeight} is null or ${t.actualWeight} > 0`),
  ],
);

/** Every status change of an order: from, to, who, when (DESIGN §4.6). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: uuid("actor_id").references(() => members.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

export { type LedgerReason, ledgerReasons };

/**
 * DESIGN §4.10: append-only dDollar records; `members.d_dollar_cents` is their cached sum, updated
 * in the same transaction. The idempotency key makes a second settlement run change nothing.
 */
export const dollarLedger = pgTable(
  "dollar_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason", { enum: ledgerReasons }).notNull(),
    // The order and line a credit is for: not foreign keys (decision 0018). Orders and lines are
    // never deleted (a trigger refuses it) and `npm run check:ledger` finds a record that points
    // at none.
    orderId: bigint("order_id", { mode: "number" }),
    orderLineId: bigint("order_line_id", { mode: "number" }),
    adminId: uuid("admin_id").references(() => members.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dollar_ledger_member_idx").on(t.memberId, t.createdAt),
    index("dollar_ledger_order_idx").on(t.orderId),
    // What a line has been credited so far (settlement and weighing read it under the line's lock).
    index("dollar_ledger_line_idx").on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    check(
      "dollar_ledger_reason",
      sql`${t.reason} in ('group_refund', 'limited_refund', 'delivery_refund', 'weight_refund', 'referral_reward', 'order_payment', 'order_release', 'cancel_refund', 'late_payment_refund', 'duplicate_payment_refund', 'mismatch_payment_refund', 'admin_adjustment', 'missing_refund', 'kept_payment_returned')`,
    ),
    check("dollar_ledger_amount_not_zero", sql`${t.amountCents} <> 0`),
  ],
);

/** `expired`: a card session ended at the provider before it was paid (a newer one, or a PayMe claim). */
export const paymentStatuses = ["pending", "succeeded", "failed", "expired"] as const;

/**
 * Why money that arrived did not pay its order (issue 44): it came after the order expired or was
 * cancelled (`late`), for an order already paid (`duplicate`), or for another amount (`mismatch`).
 * Such money is credited to the member as dDollar and listed for an admin to review.
 */
export const keptPaymentReasons = ["late", "duplicate", "mismatch"] as const;
export type KeptPaymentReason = (typeof keptPaymentReasons)[number];

/** One attempt to pay an order through a provider (DESIGN §4.6, §5). */
export const payments = pgTable(
  "payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentMethods }).notNull(),
    /** The provider's id (Stripe Checkout session, sandbox reference). */
    providerRef: text("provider_ref"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    /** Where the member pays a card session (reused while it is open: one open session per order). */
    redirectUrl: text("redirect_url"),
    /** What the provider says arrived, once money did (differs from `amountCents` on a mismatch). */
    receivedCents: integer("received_cents"),
    /** Set when the money did not pay the order and was kept as dDollar instead. */
    keptReason: text("kept_reason", { enum: keptPaymentReasons }),
    /** The member is still to be texted that the money was kept (sent by a job after commit). */
    keptNoticeDue: boolean("kept_notice_due").notNull().default(false),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => members.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_provider_ref_idx").on(t.provider, t.providerRef),
    index("payments_kept_idx").on(t.createdAt).where(sql`${t.keptReason} is not null`),
    index("payments_kept_notice_idx").on(t.id).where(sql`${t.keptNoticeDue}`),
    check("payments_kept_reason", sql`${t.keptReason} in ('late', 'duplicate', 'mismatch')`),
  ],
);

/** Webhook events already handled, so a provider's retry is processed once. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
