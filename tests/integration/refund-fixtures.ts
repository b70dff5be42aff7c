import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeAll, expect } from "vitest";
import { dollarLedger, members, payments, refunds } from "../../app/db/schema/index.ts";
import { parseEnv } from "../../app/env.server.ts";
import type { CardProvider, CardRefundState } from "../../app/integrations/payment/payment-provider.ts";
import { createServices } from "../../app/services/context.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

/**
 * The refund tests' file setup (decision 0052): a database, an admin, a pickup point and the open
 * cycle, orders paid by one provider, and reads of their refunds and ledger records; the ledger is
 * checked after each test.
 */
export function refundFixtures() {
  const database = setupTestDatabase();
  let admin: MemberRow;
  let pointId: number;
  let categoryId: number;
  let openCycleId: number;

  afterEach(async () => {
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
  });

  beforeAll(async () => {
    const { db } = database;
    admin = await createMember(db, { type: "admin" });
    pointId = (
      await createPickupPoint(db, { districtId: (await createDistrict(db)).id, deliveryChargeCents: 0 })
    ).id;
    categoryId = (await createCategory(db)).id;
    openCycleId = (await createCycle(db)).id;
  });

  /** A paid order of one HK$100 line, paid by `provider` (the money recorded as arrived). */
  async function paidBy(
    provider: "sandbox" | "card" | "payme" | "fps",
    options: { status?: "paid" | "confirmed" | "collected"; cycleId?: number; receivedCents?: number } = {},
  ) {
    const { db } = database;
    const member = await createMember(db);
    const product = await createProduct(db, {
      categoryId,
      mode: "instock",
      stock: 50,
      priceCents: 10_000,
      gatherPriceCents: 10_000,
    });
    const order = await paidOrder(db, {
      cycleId: options.cycleId ?? openCycleId,
      memberId: member.id,
      pickupPointId: pointId,
      status: options.status ?? "paid",
      lines: [{ product, quantity: 1 }],
    });
    const [payment] = await db
      .insert(payments)
      .values({
        orderId: order.id,
        provider,
        providerRef: `${provider}_${order.id}`,
        amountCents: order.payableCents,
        status: "succeeded",
        receivedCents: options.receivedCents ?? order.payableCents,
      })
      .returning();
    const [line] = await db
      .execute<{ id: number }>(sql`select id from order_lines where order_id = ${order.id}`)
      .then((r) => r.rows);
    return { member, order, payment: payment!, lineId: Number(line!.id) };
  }

  const refundsOf = (orderId: number) =>
    database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

  const ledgerOf = (orderId: number) =>
    database.db
      .select({ reason: dollarLedger.reason, cents: dollarLedger.amountCents })
      .from(dollarLedger)
      .where(eq(dollarLedger.orderId, orderId))
      .orderBy(dollarLedger.id);

  async function balance(memberId: string) {
    const [row] = await database.db
      .select({ cents: members.dDollarCents })
      .from(members)
      .where(eq(members.id, memberId));
    return row!.cents;
  }

  /** A card provider at its edge that answers `pending` and counts its calls, as Stripe does. */
  function recordingCard(state: CardRefundState = "pending") {
    const calls: { paymentRef: string; amountCents: number; idempotencyKey: string }[] = [];
    const provider: CardProvider = {
      name: "stripe",
      start: async () => ({ redirectUrl: "", providerRef: "" }),
      expire: async () => "expired",
      async refund(refund) {
        calls.push(refund);
        return { providerRefundId: `re_${refund.idempotencyKey}`, state };
      },
    };
    return { provider, calls };
  }

  function servicesWith(card: CardProvider) {
    const services = createServices(
      { db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) },
      { card },
    );
    return { refunds: services.refunds, missing: services.pickup.missingLines };
  }

  return {
    database,
    admin: () => admin,
    pointId: () => pointId,
    categoryId: () => categoryId,
    paidBy,
    refundsOf,
    ledgerOf,
    balance,
    recordingCard,
    servicesWith,
  };
}
