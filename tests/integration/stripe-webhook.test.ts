import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { members, orders, payments } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { completedEvent, deliverWebhook, startFakeStripe, WEBHOOK_SECRET } from "../helpers/fake-stripe.ts";
import { freePort, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * Card payments through Stripe Checkout (issue 5 item 4, DESIGN §4.6) against the built server:
 * Stripe's API is a stand-in on this machine (its edge, DESIGN §5); webhooks are signed the way
 * Stripe signs them. Paid only on a verified webhook; bad signature, stale timestamp, wrong amount
 * and replays refused; a duplicate delivery changes nothing; money after expiry becomes dDollar.
 */

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-stripe-"));
const stripe = new Stripe("sk_test_gather");
let server: ServedShop;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
let member: MemberRow;
let cookie: string;
let pointId: number;
let cycleId: number;
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  const { db } = database;
  await createCategory(db);
  member = await createMember(db);
  const { token } = await database.services.members.auth.createSession(member.id, {});
  cookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;
  const district = await createDistrict(db);
  pointId = (await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 })).id;
  cycleId = (await closedCycle(db)).id;
  product = await createProduct(db, {
    categoryId: (await createCategory(db)).id,
    mode: "instock",
    stock: 50,
    gatherPriceCents: 10_000,
    priceCents: 10_000,
  });

  fakeStripe = await startFakeStripe();

  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    STRIPE_SECRET_KEY: "sk_test_gather",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeStripe.apiBase,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await fakeStripe?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** A pending order of HK$100, started by card through /payment: returns it and its session id. */
async function startCard() {
  const order = await paidOrder(database.db, {
    cycleId,
    memberId: member.id,
    pickupPointId: pointId,
    status: "pending_payment",
    lines: [{ product, quantity: 1 }],
  });
  const response = await request(server.url, `/payment?order=${order.number}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: "method=card",
  });
  expect(response.status).toBe(302);
  const sessionId = response.headers.location!.split("/").pop()!;
  expect(response.headers.location).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  return { order, sessionId };
}

const deliver = (payload: string, options: Parameters<typeof deliverWebhook>[2] = {}) =>
  deliverWebhook(server.url, payload, options);

async function statusOf(orderId: number) {
  const [row] = await database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.status;
}

describe("Stripe Checkout", () => {
  it("starts a session for the amount plus the 1.5% card fee and pays only on a verified webhook", async () => {
    const { order, sessionId } = await startCard();
    const sent = fakeStripe.created.at(-1)!;
    expect(sent.get("currency")).toBe("hkd");
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("10150");
    expect(sent.get("metadata[orderNumber]")).toBe(order.number);
    expect(await statusOf(order.id)).toBe("pending_payment");

    // Coming back to /payment/success proves nothing.
    await request(server.url, `/payment/success?order=${order.number}`, {
      method: "GET",
      headers: { cookie },
    });
    expect(await statusOf(order.id)).toBe("pending_payment");

    const event = completedEvent(sessionId, 10_150, "evt_paid_once");
    expect((await deliver(event)).status).toBe(200);
    expect(await statusOf(order.id)).toBe("paid");
    // The same event again (Stripe retries) and a second event for the same session: no change.
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(completedEvent(sessionId, 10_150))).status).toBe(200);
    const [payment] = await database.db.select().from(payments).where(eq(payments.providerRef, sessionId));
    expect(payment).toMatchObject({ status: "succeeded", amountCents: 10_150, provider: "card" });
    const events = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'paid'`,
    );
    expect(events.rows[0]!.n).toBe(1);
  });

  it("refuses a bad signature, a missing one and a stale timestamp, changing nothing", async () => {
    const { order, sessionId } = await startCard();
    const event = completedEvent(sessionId, 10_150);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await deliver(event, { timestamp: tenMinutesAgo })).status).toBe(400);
    // A signed body changed on the way (amount raised) no longer matches its signature.
    const signature = stripe.webhooks.generateTestHeaderString({ payload: event, secret: WEBHOOK_SECRET });
    expect((await deliver(event.replace("10150", "1"), { signature })).status).toBe(400);
    expect(await statusOf(order.id)).toBe("pending_payment");
  });

  it("refuses a timestamp more than 5 minutes ahead, as a stale one, and takes one just inside", async () => {
    const { order, sessionId } = await startCard();
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(completedEvent(sessionId, 10_150), { timestamp: now + 400 })).status).toBe(400);
    expect((await deliver(completedEvent(sessionId, 10_150), { timestamp: now + 24 * 3600 })).status).toBe(
      400,
    );
    expect(await statusOf(order.id)).toBe("pending_payment");
    expect((await deliver(completedEvent(sessionId, 10_150), { timestamp: now + 60 })).status).toBe(200);
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("keeps money paid after the order expired as dDollar, once", async () => {
    const { order, sessionId } = await startCard();
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
    const before = await database.db
      .select({ cents: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    const event = completedEvent(sessionId, 10_150);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(completedEvent(sessionId, 10_150))).status).toBe(200);
    const after = await database.db
      .select({ cents: members.dDollarCents })
      .from(members)
      .where(eq(members.id, member.id));
    expect(after[0]!.cents - before[0]!.cents).toBe(10_150);
    expect(await statusOf(order.id)).toBe("expired");
    expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });

    const page = await request(server.url, `/payment/success?order=${order.number}`, {
      method: "GET",
      headers: { cookie },
    });
    expect(page.body).toContain("款項已轉為 dDollar");
    expect(page.body).toContain("$101.50");
  });
});
