import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, outboxMessages, paymentEvents, payments, refunds } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import {
  completedEvent,
  deliverWebhook,
  refundEvent,
  startFakeStripe,
  WEBHOOK_SECRET,
} from "../helpers/fake-stripe.ts";
import { request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 46 item 4 over HTTP (decision 0052): an admin cancels a card-paid order back to the card
 * through Stripe's refund API (a stand-in at its edge, idempotent by key as Stripe is), the webhook
 * reconciles it once however often it comes, and the member reads it on the order, the receipt
 * and a text. A PayMe or FPS refund waits in /admin/refunds until its transfer is recorded.
 */
const database = setupTestDatabase();
let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
const shop = serveShopForFile(() => database.url, {
  prepare: async () => {
    fakeStripe = await startFakeStripe();
  },
  env: {
    get STRIPE_API_BASE() {
      return fakeStripe.apiBase;
    },
    STRIPE_SECRET_KEY: "sk_test_gather",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  } as Record<string, string>,
});
let member: MemberRow;
let cookie: string;
let adminCookie: string;
let pointId: number;
let product: Awaited<ReturnType<typeof createProduct>>;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  member = await createMember(db);
  cookie = await sessionCookie(member.id);
  adminCookie = await sessionCookie((await createMember(db, { type: "admin" })).id);
  pointId = (
    await createPickupPoint(db, { districtId: (await createDistrict(db)).id, deliveryChargeCents: 0 })
  ).id;
  product = await createProduct(db, {
    categoryId: (await createCategory(db)).id,
    mode: "instock",
    stock: 500,
    gatherPriceCents: 10_000,
    priceCents: 10_000,
  });
});

afterAll(async () => {
  await fakeStripe?.close();
});

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

function post(pathname: string, body: string, as = adminCookie) {
  return request(shop().url, pathname, {
    method: "POST",
    headers: { cookie: as, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** An order paid by card at Stripe: chosen on /payment, paid on Stripe's page, told by webhook. */
async function cardPaidOrder() {
  const [cycle] = await database.db
    .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
    .then((r) => r.rows);
  const order = await paidOrder(database.db, {
    cycleId: Number(cycle!.id),
    memberId: member.id,
    pickupPointId: pointId,
    status: "pending_payment",
    lines: [{ product, quantity: 1 }],
  });
  const started = await post(`/payment?order=${order.number}`, "method=card", cookie);
  expect(started.status).toBe(302);
  const sessionId = started.headers.location!.split("/").pop()!;
  expect(fakeStripe.pay(sessionId)).toBe(true);
  const [payment] = await database.db.select().from(payments).where(eq(payments.providerRef, sessionId));
  expect((await deliverWebhook(shop().url, completedEvent(sessionId, payment!.amountCents))).status).toBe(
    200,
  );
  return { order, sessionId, paidCents: payment!.amountCents };
}

const refundsOf = (orderId: number) =>
  database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

describe("a cancel refunded to the card through Stripe", () => {
  it("asks Stripe once for two clicks, reconciles a webhook delivered twice, and the member reads it", async () => {
    const { order, sessionId, paidCents } = await cardPaidOrder();
    fakeStripe.refundsAnswer("pending");
    const clicks = await Promise.all([
      post(`/admin/order/${order.id}`, "intent=cancel&refundTo=card"),
      post(`/admin/order/${order.id}`, "intent=cancel&refundTo=card"),
    ]);
    expect(clicks.map((response) => response.status)).toEqual([302, 302]);
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ method: "card", amountCents: paidCents, state: "sent" });
    const atStripe = fakeStripe.refunds().filter((made) => made.reference === `refund-${refund!.id}`);
    expect(atStripe).toEqual([
      {
        id: refund!.providerRefundId,
        paymentIntent: `pi_${sessionId}`,
        amount: paidCents,
        reference: `refund-${refund!.id}`,
      },
    ]);
    const [cancelled] = await database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(cancelled!.status).toBe("cancelled");

    // Stripe retries a webhook until it hears 200, and may send it again after: one change.
    const event = refundEvent(atStripe[0]!, "succeeded");
    expect((await deliverWebhook(shop().url, event)).status).toBe(200);
    expect((await deliverWebhook(shop().url, event)).status).toBe(200);
    const [done] = await refundsOf(order.id);
    expect(done!.state).toBe("succeeded");
    const handled = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `evt_${atStripe[0]!.id}_succeeded`));
    expect(handled).toHaveLength(1);
    // A late "pending" event does not undo it; an unsigned one is refused.
    expect((await deliverWebhook(shop().url, refundEvent(atStripe[0]!, "pending"))).status).toBe(200);
    expect(
      (await deliverWebhook(shop().url, refundEvent(atStripe[0]!, "failed", "evt_x"), { signature: null }))
        .status,
    ).toBe(400);
    expect((await refundsOf(order.id))[0]!.state).toBe("succeeded");

    const page = await request(shop().url, "/order", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("退回信用卡");
    expect(page.body).toContain("已退款");
    const receipt = await request(shop().url, `/invoice?order=${order.number}`, { headers: { cookie } });
    expect(receipt.body).toContain("退回信用卡");
    const texts = await vi.waitFor(
      async () => {
        const rows = await database.db
          .select({ body: outboxMessages.body })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.to, member.phone),
              sql`${outboxMessages.body} like ${`%${order.number}%信用卡%`}`,
            ),
          );
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(texts[0]!.body).toContain("你付款的信用卡");
  });

  it("refuses a refund to a way the order was not paid, and changes nothing", async () => {
    const { order } = await cardPaidOrder();
    const response = await post(`/admin/order/${order.id}`, "intent=cancel&refundTo=fps");
    expect(response.status).toBe(409);
    expect(response.body).toContain("此訂單沒有以這個方式付款");
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await post(`/admin/order/${order.id}`, "intent=cancel&refundTo=cheque")).status).toBe(400);
  });
});

describe("the refunds queue (/admin/refunds)", () => {
  it("is the admins' only; an FPS refund is recorded once with its reference, checked on the server", async () => {
    const { db } = database;
    const [cycle] = await db
      .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
      .then((r) => r.rows);
    const order = await paidOrder(db, {
      cycleId: Number(cycle!.id),
      memberId: member.id,
      pickupPointId: pointId,
      status: "collected",
      lines: [{ product, quantity: 1 }],
    });
    await db.insert(payments).values({
      orderId: order.id,
      provider: "fps",
      providerRef: `fps_${order.id}`,
      amountCents: order.payableCents,
      status: "succeeded",
      receivedCents: order.payableCents,
    });
    const [line] = (
      await db.execute<{ id: string }>(sql`select id from order_lines where order_id = ${order.id}`)
    ).rows;
    expect(
      (await post(`/admin/order/${order.id}`, `intent=lineMissing&lineId=${line!.id}&refundTo=fps`)).status,
    ).toBe(302);
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ method: "fps", state: "requested", reason: "missing_line" });

    expect((await request(shop().url, "/admin/refunds", { headers: { cookie } })).status).toBe(403);
    expect(
      (await post("/admin/refunds", `intent=record&refundId=${refund!.id}&reference=X`, cookie)).status,
    ).toBe(403);
    const queue = await request(shop().url, "/admin/refunds?state=requested", {
      headers: { cookie: adminCookie },
    });
    expect(queue.status).toBe(200);
    expect(queue.body).toContain(order.number);
    expect(queue.body).toContain("轉數快");

    const empty = await post("/admin/refunds", `intent=record&refundId=${refund!.id}&reference=`);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("請填寫轉帳參考編號");
    const record = `intent=record&refundId=${refund!.id}&reference=FPS20261207`;
    const both = await Promise.all([post("/admin/refunds", record), post("/admin/refunds", record)]);
    expect(both.map((response) => response.status)).toEqual([302, 302]);
    expect((await refundsOf(order.id))[0]).toMatchObject({ state: "recorded", reference: "FPS20261207" });
    const page = await request(shop().url, "/order", { headers: { cookie } });
    expect(page.body).toContain("以轉數快退回");
    // The line says where its money went, and the statement's heading names refunds too.
    expect(page.body).toContain("缺貨退款：取貨時缺少，以轉數快退回");
    expect(page.body).not.toContain("缺貨退款：取貨時缺少，已退回 dDollar");
    expect(page.body).toContain("退款及退回 dDollar");
  });
});

describe("kept money sent back from /admin/payment-review", () => {
  it("returns a duplicate card payment to the card: admins only, one refund for two clicks, reviewed with it", async () => {
    const { order, sessionId } = await cardPaidOrder();
    // A second session of the order, paid at Stripe after the first: kept as dDollar (decision 0048).
    const [payment] = await database.db.select().from(payments).where(eq(payments.providerRef, sessionId));
    const [second] = await database.db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: "card",
        providerRef: `${sessionId}_2`,
        amountCents: payment!.amountCents,
      })
      .returning();
    expect(
      await database.services.payments.complete(`${sessionId}_2`, {
        succeeded: true,
        amountCents: payment!.amountCents,
      }),
    ).toBe("duplicateCredited");
    const body = `intent=review&paymentId=${second!.id}&refundTo=card`;
    expect((await post("/admin/payment-review", body, cookie)).status).toBe(403);
    const both = await Promise.all([
      post("/admin/payment-review", body),
      post("/admin/payment-review", body),
    ]);
    expect(both.map((response) => response.status)).toEqual([302, 302]);
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ method: "card", reason: "kept_payment", paymentId: second!.id });
    // Stripe knows no second session here: the refund waits, requested, for the retry job.
    expect(refund!.state).toBe("requested");
    const [reviewed] = await database.db.select().from(payments).where(eq(payments.id, second!.id));
    expect(reviewed!.reviewedAt).not.toBeNull();
  });
});
