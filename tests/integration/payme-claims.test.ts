import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  discountCodes,
  dollarLedger,
  members,
  orderCycles,
  orderEvents,
  orders,
  outboxMessages,
  payments,
  products,
  siteSettings,
} from "../../app/db/schema/index.ts";
import { formatHkDateTime } from "../../app/domain/shared/hk-time.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { expireOrderAt, orderNoticeTaken } from "../helpers/expiry.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * A PayMe claim's lifecycle (issue 26 item 6, issue 27 item 5, decision 0025), on this file's own
 * database and against the built server: 「我已付款」 holds the order only until its deadline (the
 * shop's setting, never past the cycle's settlement), then it expires like any unpaid order (stock,
 * code use and dDollar back through the ledger, the member texted why); an admin confirming at the
 * same moment either wins or finds the order expired, never both; the member's pages say the order
 * waits for the shop; the admin's list filters and badges the claims, oldest first. Time is an
 * injected `now`: nothing sleeps.
 */

const database = setupTestDatabase();
const HOUR = 3_600_000;

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-payme-claims-"));
let server: ServedShop;
let admin: MemberRow;
let product: ProductRow;
let point: { id: number; name: string };
let cookies: { admin: string };

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  point = await createPickupPoint(db, { districtId: district.id, name: "觀塘站", deliveryChargeCents: 0 });
  const [open] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
  // The open cycle's cut-off a week away: a 24-hour claim ends well before the settlement.
  if (open)
    await db
      .update(orderCycles)
      .set({ cutoffAt: new Date(Date.now() + 7 * 24 * HOUR) })
      .where(eq(orderCycles.id, open.id));
  else await createCycle(db);
  product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 1_000,
    gatherPriceCents: 5_000,
    priceCents: 5_000,
    name: "日本蜜瓜",
  });
  admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
  cookies = { admin: await sessionCookie(admin.id) };
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function send(
  cookie: string | undefined,
  method: "GET" | "POST",
  url: string,
  form?: Record<string, string>,
) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  return request(server.url, url, { method, headers, body: form && new URLSearchParams(form).toString() });
}

/** Gives `member` a dDollar balance through the ledger, as an admin's adjustment would. */
async function giveDollars(member: MemberRow, cents: number) {
  await database.db.insert(dollarLedger).values({
    memberId: member.id,
    amountCents: cents,
    reason: "admin_adjustment",
    idempotencyKey: `seed:${member.id}:${randomUUID()}`,
  });
  await database.db
    .update(members)
    .set({ dDollarCents: sql`${members.dDollarCents} + ${cents}` })
    .where(eq(members.id, member.id));
}

/** `quantity` of the product ordered through the shop's own checkout, placed at `now`. */
async function placeOrder(
  member: MemberRow,
  options: { quantity?: number; code?: string; now?: Date; productId?: number } = {},
) {
  const { cart, orders: service } = database.services;
  const productId = options.productId ?? product.id;
  await cart.add(member.id, productId);
  for (let i = 1; i < (options.quantity ?? 1); i++) await cart.change(member.id, productId, 1);
  const placed = await service.placeOrder(
    member.id,
    {
      pickupPointId: point.id,
      remark: "",
      ageConfirmed: false,
      discountCode: options.code,
      idempotencyKey: randomUUID(),
    },
    options.now,
  );
  if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
  return orderRow(placed.orderId);
}

async function orderRow(id: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function stockOf(productId: number) {
  const [row] = await database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

async function balanceOf(memberId: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId));
  return row!.cents;
}

async function smsTo(phone: string) {
  return database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, "sms")))
    .orderBy(asc(outboxMessages.id));
}

async function ledgerOf(orderId: number) {
  return database.db
    .select({ reason: dollarLedger.reason, amountCents: dollarLedger.amountCents })
    .from(dollarLedger)
    .where(eq(dollarLedger.orderId, orderId))
    .orderBy(asc(dollarLedger.id));
}

async function setClaimHours(hours: number) {
  await database.db.update(siteSettings).set({ paymeClaimHours: hours }).where(eq(siteSettings.id, 1));
}

describe("a PayMe claim the shop does not confirm (issue 26 item 6)", () => {
  it("holds the order for the shop's hours only, then expires it like any unpaid order and texts why", async () => {
    await database.services.site.getSettings();
    await setClaimHours(6);
    const { db, services } = database;
    const member = await createMember(db, { lastName: "陳", firstName: "蜜瓜" });
    await giveDollars(member, 3_000);
    const productId = (
      await createProduct(db, {
        categoryId: product.categoryId,
        mode: "instock",
        stock: 5,
        gatherPriceCents: 10_000,
        priceCents: 10_000,
      })
    ).id;
    await db.insert(discountCodes).values({ code: "CLAIM10", percentageDiscount: 90, totalLimit: 1 });

    const placedAt = new Date();
    // All five units: today a claim holds them from every other member forever.
    const order = await placeOrder(member, { productId, quantity: 5, code: "CLAIM10", now: placedAt });
    expect(order).toMatchObject({ status: "pending_payment", dDollarUsedCents: 3_000, payableCents: 42_000 });
    expect(await stockOf(productId)).toBe(0);

    const claimedAt = new Date(placedAt.getTime() + 10 * 60_000);
    expect(await services.payments.claimPayme(member.id, order.number, claimedAt)).toBe("claimed");
    const deadline = new Date(claimedAt.getTime() + 6 * HOUR);
    expect((await orderRow(order.id)).expiresAt).toEqual(deadline);
    // A second claim later changes nothing, the deadline included.
    expect(
      await services.payments.claimPayme(member.id, order.number, new Date(claimedAt.getTime() + HOUR)),
    ).toBe("claimed");
    expect((await orderRow(order.id)).expiresAt).toEqual(deadline);
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);

    // Past the 30 minutes of an unpaid order, before the claim's deadline: still waiting.
    await services.orders.expireUnpaid(new Date(placedAt.getTime() + 31 * 60_000));
    await services.orders.expireUnpaid(new Date(deadline.getTime() - 1_000));
    expect((await orderRow(order.id)).status).toBe("pending_payment");
    expect(await smsTo(member.phone)).toEqual([]);

    // At the deadline, two app instances at once: it expires once.
    await Promise.all([services.orders.expireUnpaid(deadline), services.orders.expireUnpaid(deadline)]);
    await expireOrderAt(database, order.id, deadline);
    expect(await orderRow(order.id)).toMatchObject({ status: "expired", expiresAt: null });
    expect(await stockOf(productId)).toBe(5);
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, "CLAIM10"));
    expect(code!.usedCount).toBe(0);
    expect(await balanceOf(member.id)).toBe(3_000);
    expect(await ledgerOf(order.id)).toEqual([
      { reason: "order_payment", amountCents: -3_000 },
      { reason: "order_release", amountCents: 3_000 },
    ]);
    const [expiredEvent] = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "expired")));
    expect(expiredEvent!.note).toBe("PayMe 付款未於確認限期前獲確認");
    const texts = await smsTo(member.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(order.number);
    expect(texts[0]!.body).toContain(formatHkDateTime(deadline));
    expect(texts[0]!.body).toContain("PayMe 付款未能於");
    expect(texts[0]!.body).toContain("訂單已自動取消");

    // The stock is free again: another member can buy it.
    const other = await createMember(db);
    expect((await placeOrder(other, { productId, quantity: 5 })).status).toBe("pending_payment");
    // And the expired order cannot be claimed any more.
    expect(await services.payments.claimPayme(member.id, order.number, new Date())).toBe("notPayable");
    await setClaimHours(24);
  });

  it("refuses a claim once the order's own time to pay is over", async () => {
    const member = await createMember(database.db);
    const placedAt = new Date();
    const order = await placeOrder(member, { now: placedAt });
    const late = new Date(placedAt.getTime() + 30 * 60_000);
    expect(await database.services.payments.claimPayme(member.id, order.number, late)).toBe("notPayable");
    expect(await database.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect((await orderRow(order.id)).expiresAt).toEqual(late);
  });

  it("an admin's confirmation and the expiry at the same moment: one wins, nothing is given back twice", async () => {
    const { db, services } = database;
    const outcomes = new Map<string, number>();
    // Other tests' unpaid orders out of the way first, so that the expiries below take only these.
    await services.orders.expireUnpaid(new Date(Date.now() + 8 * 24 * HOUR));
    const stockBefore = (await stockOf(product.id)) ?? 0;
    for (let round = 0; round < 12; round++) {
      const member = await createMember(db);
      await giveDollars(member, 1_000);
      const placedAt = new Date();
      const order = await placeOrder(member, { quantity: 2, now: placedAt });
      expect(await services.payments.claimPayme(member.id, order.number, placedAt)).toBe("claimed");
      const due = new Date((await orderRow(order.id)).expiresAt!.getTime() + 1_000);
      // Real concurrent calls on separate connections: two expiry runs and the admin's click
      // (through the back office, or its payment step itself, which starts its transaction at
      // once), sent in turn in either order so that each side wins some rounds.
      const expire = () => services.orders.expireUnpaid(due);
      const confirm = async () => {
        if (round % 3 !== 0) return (await services.payments.confirmTransfer(admin.id, order.id)).status;
        return services.payments.complete(
          `payme_${order.number}`,
          { succeeded: true, amountCents: order.payableCents },
          admin.id,
        );
      };
      let paid: string;
      if (round % 3 === 2) paid = (await Promise.all([expire(), expire(), confirm()]))[2];
      else {
        // The admin's click a database round trip ahead of the job's runs, while it is still going.
        const confirming = confirm();
        await db.execute(sql`select 1`);
        paid = (await Promise.all([confirming, expire(), expire()]))[0];
      }
      const after = await orderRow(order.id);
      const ledger = await ledgerOf(order.id);
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment!.status).toBe("succeeded");
      if (paid === "paid") {
        expect(after.status).toBe("paid");
        expect(ledger).toEqual([{ reason: "order_payment", amountCents: -1_000 }]);
        expect(await balanceOf(member.id)).toBe(0);
      } else {
        // The expiry won: the order's dDollar came back once, and the PayMe money the admin saw
        // arrive is kept for the member as dDollar, once.
        expect(paid).toBe("lateCredited");
        expect(after.status).toBe("expired");
        expect(ledger).toEqual([
          { reason: "order_payment", amountCents: -1_000 },
          { reason: "order_release", amountCents: 1_000 },
          { reason: "late_payment_refund", amountCents: order.payableCents },
        ]);
        expect(await balanceOf(member.id)).toBe(1_000 + order.payableCents);
      }
      // A second click and a later expiry run change nothing.
      expect((await services.payments.confirmTransfer(admin.id, order.id)).status).toBe("alreadyPaid");
      await services.orders.expireUnpaid(new Date(due.getTime() + HOUR));
      expect(await ledgerOf(order.id)).toEqual(ledger);
      const events = await db
        .select({ to: orderEvents.toStatus })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id));
      expect(events.map((event) => event.to).sort()).toEqual(["pending_payment", after.status].sort());
      outcomes.set(after.status, (outcomes.get(after.status) ?? 0) + 1);
    }
    // Stock = what the paid orders hold: the expired ones gave theirs back exactly once.
    expect(await stockOf(product.id)).toBe(stockBefore - 2 * (outcomes.get("paid") ?? 0));
  });
});

/**
 * Holds `lockSql` in a transaction of its own connection until `release()`: the other side of a
 * race is made to queue on it, so that both orders of events are tried for certain.
 */
async function holdLock(lockSql: string, values: unknown[]) {
  const client = await database.pool.connect();
  await client.query("begin");
  await client.query(lockSql, values);
  return {
    async release() {
      await client.query("commit");
      client.release();
    },
  };
}

/** Waits until `count` other sessions on this database wait for a row lock (no fixed sleep). */
async function lockWaiters(count: number) {
  const giveUp = Date.now() + 15_000;
  for (;;) {
    if (Date.now() > giveUp) throw new Error(`no ${count} session(s) came to wait for a lock`);
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("the admin's confirmation and the expiry in either order, both in flight", () => {
  it("the expiry first: the order expires, and the PayMe money confirmed meanwhile is kept as dDollar once", async () => {
    const { db, services } = database;
    const member = await createMember(db);
    await giveDollars(member, 700);
    const placedAt = new Date();
    const order = await placeOrder(member, { quantity: 3, now: placedAt });
    expect(await services.payments.claimPayme(member.id, order.number, placedAt)).toBe("claimed");
    const stock = await stockOf(product.id);
    const due = new Date((await orderRow(order.id)).expiresAt!.getTime() + 1_000);
    await orderNoticeTaken(database, order.id);
    // The expiry takes the order's row, then queues on the member it credits (held here).
    const member_ = await holdLock("select 1 from members where id = $1 for update", [member.id]);
    const expiring = services.orders.expireUnpaid(due);
    await lockWaiters(1);
    // The admin confirms meanwhile: the payment waits for the order's row.
    const confirming = services.payments.confirmTransfer(admin.id, order.id);
    await lockWaiters(2);
    await member_.release();
    const [expired, confirmed] = await Promise.all([expiring, confirming]);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(confirmed.status).toBe("lateCredited");
    expect((await orderRow(order.id)).status).toBe("expired");
    expect(await stockOf(product.id)).toBe(stock! + 3);
    expect(await ledgerOf(order.id)).toEqual([
      { reason: "order_payment", amountCents: -700 },
      { reason: "order_release", amountCents: 700 },
      { reason: "late_payment_refund", amountCents: order.payableCents },
    ]);
    expect(await balanceOf(member.id)).toBe(700 + order.payableCents);
    expect((await smsTo(member.phone)).map((text) => text.body)).toEqual([
      expect.stringContaining(order.number),
    ]);
  });

  it("the confirmation first: the order is paid, and the expiry run meanwhile leaves it alone", async () => {
    const { db, services } = database;
    const member = await createMember(db);
    await giveDollars(member, 700);
    const placedAt = new Date();
    const order = await placeOrder(member, { quantity: 3, now: placedAt });
    expect(await services.payments.claimPayme(member.id, order.number, placedAt)).toBe("claimed");
    const stock = await stockOf(product.id);
    const due = new Date((await orderRow(order.id)).expiresAt!.getTime() + 1_000);
    // The payment marks the order paid, then queues on its event's actor (the admin, held here).
    const admin_ = await holdLock("select 1 from members where id = $1 for update", [admin.id]);
    const confirming = services.payments.confirmTransfer(admin.id, order.id);
    await lockWaiters(1);
    // The job runs meanwhile, past the claim's deadline.
    await services.orders.expireUnpaid(due);
    await admin_.release();
    expect((await confirming).status).toBe("paid");
    expect(await services.orders.expireUnpaid(due)).toBe(0);
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await stockOf(product.id)).toBe(stock);
    expect(await ledgerOf(order.id)).toEqual([{ reason: "order_payment", amountCents: -700 }]);
    expect(await balanceOf(member.id)).toBe(0);
    expect(await smsTo(member.phone)).toEqual([]);
  });
});

describe("the PayMe confirmation window setting (/admin/settings)", () => {
  const form = {
    reopenAt: "2031-05-01T09:30",
    shopName: "齊齊買",
    supportWhatsapp: "9876 5432",
    facebookUrl: "https://www.facebook.com/gather.test",
    instagramUrl: "https://www.instagram.com/gather.test",
    cardFeePercent: "1.5",
    referralPercent: "5",
  };

  it("refuses anything but whole hours from 1 to 168 with a zh-HK message, saving nothing", async () => {
    const before = await database.services.site.getSettings();
    for (const hours of ["0", "169", "2.5", "-1", "abc", ""]) {
      const response = await send(cookies.admin, "POST", "/admin/settings", {
        ...form,
        paymeClaimHours: hours,
      });
      expect(response.status, hours).toBe(400);
      expect(response.body, hours).toMatch(/請輸入 1 至 168 之間的整數（小時）|必須為數字/);
    }
    expect(await database.services.site.getSettings()).toEqual(before);
  });

  it("saves a valid number of hours, shows it, and new claims wait that long", async () => {
    const saved = await send(cookies.admin, "POST", "/admin/settings", { ...form, paymeClaimHours: "48" });
    expect(saved.status).toBe(302);
    expect((await database.services.site.getSettings()).paymeClaimHours).toBe(48);
    const page = await send(cookies.admin, "GET", "/admin/settings");
    expect(page.body).toContain("PayMe 付款確認期限（小時）");
    expect(page.body).toMatch(/name="paymeClaimHours"[^>]*value="48"|value="48"[^>]*name="paymeClaimHours"/);

    const member = await createMember(database.db);
    const now = new Date();
    const order = await placeOrder(member, { now });
    expect(await database.services.payments.claimPayme(member.id, order.number, now)).toBe("claimed");
    expect((await orderRow(order.id)).expiresAt).toEqual(new Date(now.getTime() + 48 * HOUR));
    await setClaimHours(24);
  });
});

describe("what the member reads after 「我已付款」 (issue 27 item 5)", () => {
  it("the order waits for the shop's confirmation until its deadline, with no way to pay again", async () => {
    const member = await createMember(database.db, { lastName: "黃", firstName: "等待" });
    const cookie = await sessionCookie(member.id);
    const order = await placeOrder(member);
    const before = await send(cookie, "GET", "/order");
    expect(before.body).toContain("請於");
    expect(before.body).toContain(`href="/payment?order=${order.number}"`);

    const claimed = await send(cookie, "POST", `/payment/payme?order=${order.number}`, {});
    expect(claimed.status).toBe(302);
    expect(claimed.headers.location).toBe("/order");
    const deadline = formatHkDateTime((await orderRow(order.id)).expiresAt!);

    const list = await send(cookie, "GET", "/order");
    expect(list.body).toContain("待確認付款");
    expect(list.body).toContain(`商店會於 ${deadline} 前確認付款`);
    expect(list.body).not.toContain("否則訂單會自動取消");
    expect(list.body).not.toContain(`href="/payment?order=${order.number}"`);

    const choose = await send(cookie, "GET", `/payment?order=${order.number}`);
    expect(choose.body).toContain("等待商店確認付款");
    expect(choose.body).toContain(`商店會於 ${deadline} 前確認付款`);
    expect(choose.body).not.toContain("逾時訂單會自動取消");
    expect(choose.body).not.toContain('value="card"');
    expect(choose.body).not.toContain('value="payme"');

    const payme = await send(cookie, "GET", `/payment/payme?order=${order.number}`);
    expect(payme.body).toContain(`商店會於 ${deadline} 前確認付款`);
    expect(payme.body).not.toContain("我已付款</button>");

    const receipt = await send(cookie, "GET", `/invoice?order=${order.number}`);
    expect(receipt.body).toContain("正等待商店確認付款");

    // A card payment on top of the claim is refused: the member would pay twice.
    const card = await send(cookie, "POST", `/payment?order=${order.number}`, { method: "card" });
    expect(card.status).toBe(302);
    expect(card.headers.location).toBe(`/payment?order=${order.number}`);
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => row.provider)).toEqual(["payme"]);
  });
});

describe("the admin's order list (issue 26 item 6, issue 27 item 5)", () => {
  it("filters the claims waiting for confirmation, oldest claim first, each with its badge and deadline", async () => {
    const chan = await createMember(database.db, { lastName: "陳", firstName: "核實" });
    const now = new Date();
    const claimAt = async (hoursAgo: number) => {
      const order = await placeOrder(chan);
      const at = new Date(now.getTime() - hoursAgo * HOUR);
      expect(await database.services.payments.claimPayme(chan.id, order.number, at)).toBe("claimed");
      return order;
    };
    const middle = await claimAt(2);
    const newest = await claimAt(1);
    const oldest = await claimAt(3);
    const unclaimed = await placeOrder(chan);
    const confirmed = await claimAt(4);
    expect((await database.services.payments.confirmTransfer(admin.id, confirmed.id)).status).toBe("paid");

    const all = await send(cookies.admin, "GET", `/admin/order?q=${chan.phone}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatch(/\d+ 張 PayMe／轉數快付款待確認（最舊的先列出）/);
    expect(all.body).toContain('href="/admin/order?status=awaiting_confirmation"');
    expect(all.body.match(/data-status="awaiting_confirmation"/g)).toHaveLength(3);
    expect(all.body.match(/data-status="pending_payment"/g)).toHaveLength(1);

    const page = await send(
      cookies.admin,
      "GET",
      `/admin/order?q=${chan.phone}&status=awaiting_confirmation`,
    );
    expect(page.status).toBe(200);
    const shown = [oldest, middle, newest, unclaimed, confirmed]
      .map((order) => ({ number: order.number, at: page.body.indexOf(order.number) }))
      .filter((order) => order.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((order) => order.number);
    expect(shown).toEqual([oldest.number, middle.number, newest.number]);
    expect(page.body).toContain("待確認付款");
    const deadline = formatHkDateTime((await orderRow(oldest.id)).expiresAt!);
    expect(deadline).toBeTruthy();
    expect(page.body).toContain("前未確認會自動取消");

    // The detail page says the same, and members cannot see the list.
    const detail = await send(cookies.admin, "GET", `/admin/order/${oldest.id}`);
    expect(detail.body).toContain('data-status="awaiting_confirmation"');
    expect(detail.body).toContain('data-testid="claim-deadline"');
    const member = await send(
      await sessionCookie(chan.id),
      "GET",
      "/admin/order?status=awaiting_confirmation",
    );
    expect(member.status).toBe(403);
  });
});

describe("an expired claim whose transfer arrives after all", () => {
  it("the admin records it from the order's page and the money is kept as dDollar, once", async () => {
    const member = await createMember(database.db);
    const placedAt = new Date();
    const order = await placeOrder(member, { now: placedAt });
    expect(await database.services.payments.claimPayme(member.id, order.number, placedAt)).toBe("claimed");
    const due = (await orderRow(order.id)).expiresAt!;
    await expireOrderAt(database, order.id, due);

    const page = await send(cookies.admin, "GET", `/admin/order/${order.id}`);
    expect(page.body).toContain("已收到 PayMe 款項（存入 dDollar）");
    const done = await send(cookies.admin, "POST", `/admin/order/${order.id}`, { intent: "markPaid" });
    expect(done.status).toBe(302);
    expect(await ledgerOf(order.id)).toEqual([
      { reason: "late_payment_refund", amountCents: order.payableCents },
    ]);
    expect(await balanceOf(member.id)).toBe(order.payableCents);
    const again = await send(cookies.admin, "POST", `/admin/order/${order.id}`, { intent: "markPaid" });
    expect(again.status).toBe(302);
    expect(await balanceOf(member.id)).toBe(order.payableCents);
    expect((await send(cookies.admin, "GET", `/admin/order/${order.id}`)).body).not.toContain(
      "已收到 PayMe 款項（存入 dDollar）",
    );
  });
});

describe("settlement and PayMe claims (issue 26 item 6)", () => {
  it("a claim never waits past the cycle's settlement, and settlement never waits for it", async () => {
    const { db, services } = database;
    const now = new Date();
    const cutoff = new Date(now.getTime() + HOUR);
    const [open] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
    await db.update(orderCycles).set({ cutoffAt: cutoff }).where(eq(orderCycles.id, open!.id));
    // Every other order of the cycle is settled business by then.
    await db
      .update(orders)
      .set({ status: "cancelled", expiresAt: null })
      .where(and(eq(orders.cycleId, open!.id), eq(orders.status, "pending_payment")));
    const member = await createMember(db);
    await giveDollars(member, 500);
    const order = await placeOrder(member, { now: new Date(cutoff.getTime() - 10 * 60_000) });
    expect(
      await services.payments.claimPayme(member.id, order.number, new Date(cutoff.getTime() - 5 * 60_000)),
    ).toBe("claimed");
    const settlementAt = new Date(cutoff.getTime() + 30 * 60_000);
    expect((await orderRow(order.id)).expiresAt).toEqual(settlementAt);

    // Just before: the cycle is closed, waiting; the claim still waits for the shop.
    expect(await services.cycles.settlement.settleDue(new Date(settlementAt.getTime() - 1_000))).toEqual([]);
    expect((await orderRow(order.id)).status).toBe("pending_payment");
    // At the end of the payment window, whichever job runs first, the cycle settles.
    expect(await services.cycles.settlement.settleDue(settlementAt)).toEqual([open!.id]);
    expect((await orderRow(order.id)).status).toBe("expired");
    expect(await balanceOf(member.id)).toBe(500);
    expect(await smsTo(member.phone)).toHaveLength(1);
  });
});
