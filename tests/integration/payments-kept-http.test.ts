import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  dollarLedger,
  members,
  orderEvents,
  orders,
  outboxMessages,
  payments,
} from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { completedEvent, deliverWebhook, startFakeStripe } from "../helpers/fake-stripe.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 44 item 1: a second payment for one order is never lost. Card sessions go through Stripe
 * Checkout (a stand-in at its edge that, like Stripe, can expire only an open session); every test
 * counts the money that arrived against the money recorded, and the ledger is checked after each.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-kept-"));
let server: ServedShop;
let sandboxShop: ServedShop;
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
let member: MemberRow;
let admin: MemberRow;
let cookie: string;
let strangerCookie: string;
let adminCookie: string;
let pointId: number;
let cycleId: number;
let product: Awaited<ReturnType<typeof createProduct>>;

/** HK$100 of goods + the 1.5 % card fee. */
const CARD_TOTAL = 10_150;

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  member = await createMember(db);
  admin = await createMember(db, { type: "admin" });
  cookie = await sessionCookie(member.id);
  strangerCookie = await sessionCookie((await createMember(db)).id);
  adminCookie = await sessionCookie(admin.id);
  const district = await createDistrict(db);
  pointId = (await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 })).id;
  cycleId = (await createCycle(db)).id;
  product = await createProduct(db, {
    categoryId: (await createCategory(db)).id,
    mode: "instock",
    stock: 500,
    gatherPriceCents: 10_000,
    priceCents: 10_000,
  });
  fakeStripe = await startFakeStripe();
  fs.chmodSync(dataDir, 0o755);
  const shared = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  };
  server = await serveShop({
    ...shared,
    PORT: String(await freePort()),
    STRIPE_SECRET_KEY: "sk_test_gather",
    STRIPE_WEBHOOK_SECRET: "whsec_test_gather",
    STRIPE_API_BASE: fakeStripe.apiBase,
  });
  sandboxShop = await serveShop({ ...shared, PORT: String(await freePort()) });
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.stop(), sandboxShop?.stop()]);
  await fakeStripe?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function pendingOrder() {
  return paidOrder(database.db, {
    cycleId,
    memberId: member.id,
    pickupPointId: pointId,
    status: "pending_payment",
    lines: [{ product, quantity: 1 }],
  });
}

function post(url: string, pathname: string, body: string, as = cookie) {
  return request(url, pathname, {
    method: "POST",
    headers: { cookie: as, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** Chooses the card on /payment: the session it was sent to. */
async function startCard(number: string) {
  const response = await post(server.url, `/payment?order=${number}`, "method=card");
  expect(response.status).toBe(302);
  return response.headers.location!.split("/").pop()!;
}

const deliver = (payload: string) => deliverWebhook(server.url, payload);

async function paymentRows(orderId: number) {
  return database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

async function balance(memberId = member.id) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cents;
}

/**
 * Money in equals money recorded: what arrived for these orders is on their payments, each kept
 * payment is credited to the member in full, and no order was paid twice.
 */
async function expectEveryCentRecorded(orderIds: number[], arrivedCents: number) {
  const rows = await database.db.select().from(payments).where(inArray(payments.orderId, orderIds));
  const succeeded = rows.filter((row) => row.status === "succeeded");
  expect(succeeded.reduce((sum, row) => sum + (row.receivedCents ?? 0), 0)).toBe(arrivedCents);
  const kept = succeeded.filter((row) => row.keptReason !== null);
  const [credited] = await database.db
    .select({ cents: sql<number>`coalesce(sum(${dollarLedger.amountCents}), 0)::int` })
    .from(dollarLedger)
    .where(
      and(
        inArray(dollarLedger.orderId, orderIds),
        inArray(dollarLedger.reason, [
          "late_payment_refund",
          "duplicate_payment_refund",
          "mismatch_payment_refund",
        ]),
      ),
    );
  expect(credited!.cents).toBe(kept.reduce((sum, row) => sum + (row.receivedCents ?? 0), 0));
  for (const orderId of orderIds) {
    const paying = succeeded.filter((row) => row.orderId === orderId && row.keptReason === null);
    expect(paying.length).toBeLessThanOrEqual(1);
    const paidEvents = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "paid")));
    expect(paidEvents).toHaveLength(paying.length);
  }
}

/** The member's texts about kept money, awaited from the job that sends them after commit. */
async function keptTexts(count: number) {
  return vi.waitFor(
    async () => {
      const texts = await database.db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.to, member.phone), sql`${outboxMessages.body} like '%已存入你的 dDollar%'`),
        );
      expect(texts.length).toBeGreaterThanOrEqual(count);
      return texts;
    },
    { timeout: 15_000, interval: 200 },
  );
}

describe("one open card session per order", () => {
  it("ten parallel starts open one session, and starting again offers the same one", async () => {
    const order = await pendingOrder();
    const before = fakeStripe.created.length;
    const started = await Promise.all(
      Array.from({ length: 10 }, () => post(server.url, `/payment?order=${order.number}`, "method=card")),
    );
    const places = new Set(started.map((response) => response.headers.location));
    expect(started.map((response) => response.status)).toEqual(Array(10).fill(302));
    expect(places.size).toBe(1);
    expect(fakeStripe.created.length - before).toBe(1);
    expect(await startCard(order.number)).toBe([...places][0]!.split("/").pop());
    expect(fakeStripe.created.length - before).toBe(1);
    expect((await paymentRows(order.id)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("ends an older session at Stripe before starting another; one paid meanwhile stops a new start", async () => {
    const order = await pendingOrder();
    const first = await startCard(order.number);
    // 26 minutes later the session is near its end: the next start ends it and opens a new one.
    const aged = sql`now() - interval '26 minutes'`;
    await database.db.update(payments).set({ createdAt: aged }).where(eq(payments.providerRef, first));
    const second = await startCard(order.number);
    expect(second).not.toBe(first);
    expect(fakeStripe.expireCalls).toContain(first);
    expect(fakeStripe.statusOf(first)).toBe("expired");
    expect(fakeStripe.pay(first)).toBe(false);

    // The member pays the second on Stripe's page; its webhook is still on the way.
    expect(fakeStripe.pay(second)).toBe(true);
    await database.db.update(payments).set({ createdAt: aged }).where(eq(payments.providerRef, second));
    const created = fakeStripe.created.length;
    const again = await post(server.url, `/payment?order=${order.number}`, "method=card");
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(`/payment?order=${order.number}`);
    expect(String(again.headers["set-cookie"])).toContain("gather_toast");
    expect(fakeStripe.created.length).toBe(created);

    expect((await deliver(completedEvent(second, CARD_TOTAL))).status).toBe(200);
    expect((await paymentRows(order.id)).map((row) => row.status)).toEqual(["expired", "succeeded"]);
    await expectEveryCentRecorded([order.id], CARD_TOTAL);
  });
});

describe("money that does not pay its order is kept, texted and listed", () => {
  it("two sessions both paid, delivered at once: one pays the order, the other becomes dDollar", async () => {
    const order = await pendingOrder();
    const first = await startCard(order.number);
    // A second open session, as two tabs made them before issue 44.
    await database.db.insert(payments).values({
      orderId: order.id,
      provider: "card",
      providerRef: `cs_legacy_${order.id}`,
      amountCents: CARD_TOTAL,
    });
    const start = await balance();
    const answers = await Promise.all([
      deliver(completedEvent(first, CARD_TOTAL)),
      deliver(completedEvent(`cs_legacy_${order.id}`, CARD_TOTAL)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("paid");
    expect((await balance()) - start).toBe(CARD_TOTAL);
    const kept = (await paymentRows(order.id)).filter((payment) => payment.keptReason);
    expect(kept).toMatchObject([{ keptReason: "duplicate", receivedCents: CARD_TOTAL }]);
    await expectEveryCentRecorded([order.id], 2 * CARD_TOTAL);

    const texts = await keptTexts(1);
    expect(texts.some((text) => text.body.includes(order.number) && text.body.includes("$101.50"))).toBe(
      true,
    );
    // Logged at warn with the order and the payment.
    expect(server.output()).toMatch(
      new RegExp(`"orderId":${order.id},"paymentId":${kept[0]!.id}.*kept as dDollar`),
    );
    const review = await request(server.url, "/admin/payment-review", { headers: { cookie: adminCookie } });
    expect(review.status).toBe(200);
    expect(review.body).toContain(order.number);
    expect(review.body).toContain("訂單已付款（重複付款）");
    // The member's own page says it too.
    const page = await request(server.url, `/payment/success?order=${order.number}`, { headers: { cookie } });
    expect(page.body).toContain("重複付款已轉為 dDollar");
  });

  it("an amount that is not the order's is kept whole and the order stays unpaid", async () => {
    const order = await pendingOrder();
    const session = await startCard(order.number);
    const start = await balance();
    expect((await deliver(completedEvent(session, 5_000))).status).toBe(200);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending_payment");
    expect((await balance()) - start).toBe(5_000);
    expect(await paymentRows(order.id)).toMatchObject([
      { status: "succeeded", keptReason: "mismatch", receivedCents: 5_000 },
    ]);
    await expectEveryCentRecorded([order.id], 5_000);
    // The member can still pay: a new session, since the kept one is settled.
    const next = await startCard(order.number);
    expect(next).not.toBe(session);
    expect((await deliver(completedEvent(next, CARD_TOTAL))).status).toBe(200);
    await expectEveryCentRecorded([order.id], 5_000 + CARD_TOTAL);
  });

  it("money after the order was paid and then cancelled is kept as dDollar", async () => {
    const order = await pendingOrder();
    const first = await startCard(order.number);
    await database.db.insert(payments).values({
      orderId: order.id,
      provider: "card",
      providerRef: `cs_legacy_${order.id}`,
      amountCents: CARD_TOTAL,
    });
    expect((await deliver(completedEvent(first, CARD_TOTAL))).status).toBe(200);
    expect(await database.services.orders.admin.cancel(admin.id, order.id)).toMatchObject({
      status: "cancelled",
    });
    expect((await deliver(completedEvent(`cs_legacy_${order.id}`, CARD_TOTAL))).status).toBe(200);
    expect((await paymentRows(order.id)).map((row) => row.keptReason)).toEqual([null, "late"]);
    await expectEveryCentRecorded([order.id], 2 * CARD_TOTAL);
  });

  it("an admin reviews kept money once; members are refused the page", async () => {
    const [kept] = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(sql`${payments.keptReason} is not null and ${payments.reviewedAt} is null`)
      .limit(1);
    expect(kept).toBeDefined();
    const body = `intent=review&paymentId=${kept!.id}`;
    expect((await post(server.url, "/admin/payment-review", body, cookie)).status).toBe(403);
    const [first, second] = await Promise.all([
      post(server.url, "/admin/payment-review", body, adminCookie),
      post(server.url, "/admin/payment-review", body, adminCookie),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const [row] = await database.db.select().from(payments).where(eq(payments.id, kept!.id));
    expect(row).toMatchObject({ reviewedBy: admin.id });
    const audits = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'payment.review' and entity_id = ${String(kept!.id)}`,
    );
    expect(audits.rows[0]!.n).toBe(1);
    expect(
      (await post(server.url, "/admin/payment-review", "intent=review&paymentId=x", adminCookie)).status,
    ).toBe(400);
  });
});

describe("card and PayMe on one order", () => {
  it("a PayMe claim ends the open card session, so the card can no longer pay", async () => {
    const order = await pendingOrder();
    const session = await startCard(order.number);
    const claimed = await post(server.url, `/payment/payme?order=${order.number}`, "");
    expect(claimed.status).toBe(302);
    expect(claimed.headers.location).toBe("/order");
    expect(fakeStripe.statusOf(session)).toBe("expired");
    expect(fakeStripe.pay(session)).toBe(false);
    expect((await paymentRows(order.id)).map((row) => [row.provider, row.status])).toEqual([
      ["card", "expired"],
      ["payme", "pending"],
    ]);
    // No card payment while the claim waits.
    const card = await post(server.url, `/payment?order=${order.number}`, "method=card");
    expect(card.headers.location).toBe(`/payment?order=${order.number}`);
  });

  it("a claim while the card was already paid is refused with a message; the card's result pays", async () => {
    const order = await pendingOrder();
    const session = await startCard(order.number);
    expect(fakeStripe.pay(session)).toBe(true);
    const claimed = await post(server.url, `/payment/payme?order=${order.number}`, "");
    expect(claimed.headers.location).toBe(`/payment?order=${order.number}`);
    expect(String(claimed.headers["set-cookie"])).toContain("gather_toast");
    expect((await paymentRows(order.id)).map((row) => row.provider)).toEqual(["card"]);
    expect((await deliver(completedEvent(session, CARD_TOTAL))).status).toBe(200);
    await expectEveryCentRecorded([order.id], CARD_TOTAL);
  });

  it("a PayMe transfer confirmed after the card paid is kept as dDollar", async () => {
    const order = await pendingOrder();
    const session = await startCard(order.number);
    // A claim left waiting beside a card session, as before issue 44.
    await database.db.insert(payments).values({
      orderId: order.id,
      provider: "payme",
      providerRef: `payme_${order.number}`,
      amountCents: 10_000,
    });
    expect((await deliver(completedEvent(session, CARD_TOTAL))).status).toBe(200);
    const start = await balance();
    const confirmed = await post(server.url, `/admin/order/${order.id}`, "intent=markPaid", adminCookie);
    expect(confirmed.status).toBe(302);
    expect((await balance()) - start).toBe(10_000);
    expect((await paymentRows(order.id)).map((row) => row.keptReason)).toEqual([null, "duplicate"]);
    await expectEveryCentRecorded([order.id], CARD_TOTAL + 10_000);
  });
});

describe("the sandbox payment page", () => {
  it("is only for the member whose order it is", async () => {
    const order = await pendingOrder();
    const started = await post(sandboxShop.url, `/payment?order=${order.number}`, "method=card");
    const page = started.headers.location!;
    expect(page).toMatch(/^\/payment\/sandbox\?ref=/);
    expect((await request(sandboxShop.url, page, { headers: { cookie: strangerCookie } })).status).toBe(404);
    expect((await post(sandboxShop.url, page, "outcome=success", strangerCookie)).status).toBe(404);
    expect((await request(sandboxShop.url, page, { headers: {} })).status).toBe(302);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending_payment");
    const paid = await post(sandboxShop.url, page, "outcome=success");
    expect(paid.headers.location).toBe(`/payment/success?order=${order.number}`);
    await expectEveryCentRecorded([order.id], CARD_TOTAL);
  });

  it("refuses a session ended by a newer one, as Stripe would", async () => {
    const order = await pendingOrder();
    const first = (await post(sandboxShop.url, `/payment?order=${order.number}`, "method=card")).headers
      .location!;
    await database.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '26 minutes'` })
      .where(eq(payments.orderId, order.id));
    const second = (await post(sandboxShop.url, `/payment?order=${order.number}`, "method=card")).headers
      .location!;
    expect(second).not.toBe(first);
    const stale = await post(sandboxShop.url, first, "outcome=success");
    expect(stale.headers.location).toBe(`/payment/fail?order=${order.number}`);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending_payment");
    await expectEveryCentRecorded([order.id], 0);
  });
});
