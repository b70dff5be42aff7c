import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { discountCodes, members, orders, products } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * Issue 27 item 9 over HTTP, against the built server: a member cancels their own unpaid order from
 * /order (stock, the discount code's use and the dDollar used come back, as the admin's cancel gives
 * them), never another member's nor a paid one; /order?status= lists one kind of order.
 */

const database = setupTestDatabase();

// DESIGN §4.10: after every test, balance = Σ records and every record's order exists.
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-member-cancel-"));
let server: ServedShop;
let product: ProductRow;
let point: { id: number };
let admin: MemberRow;

async function cookieOf(member: MemberRow): Promise<string> {
  const { token } = await database.services.members.auth.createSession(member.id, {});
  return (await createCookie("gather_session").serialize(token)).split(";")[0]!;
}

async function send(member: MemberRow, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = { cookie: await cookieOf(member) };
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

async function toastOf(response: RawResponse) {
  const header = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("gather_toast="));
  return header ? await createCookie("gather_toast").parse(header.split(";")[0]!) : null;
}

const stock = async () =>
  (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!
    .stock ?? 0;
const balanceOf = async (member: MemberRow) =>
  (
    await database.db.select({ cents: members.dDollarCents }).from(members).where(eq(members.id, member.id))
  )[0]!.cents;
const statusOf = async (id: number) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const usesOf = async (code: string) =>
  (await database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!.usedCount;

/** A member with $20.00 of dDollar orders 2 at $50.00 with a 9折 code: $90.00, $20.00 of it in dDollar. */
async function unpaidOrder(member: MemberRow, code?: string) {
  const given = await database.services.dollars.adjust({
    member: { id: member.id },
    amountCents: 2_000,
    note: "開戶禮",
    adminId: admin.id,
  });
  if (given.status === "refused") throw new Error(given.reason);
  await database.services.cart.add(member.id, product.id);
  await database.services.cart.change(member.id, product.id, 1);
  const placed = await database.services.orders.placeOrder(member.id, {
    pickupPointId: point.id,
    remark: "",
    ageConfirmed: false,
    discountCode: code,
    idempotencyKey: randomUUID(),
  });
  if (placed.status === "refused") throw new Error(placed.reason);
  return placed;
}

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const [open] = await db
    .execute<{ id: number }>(sql`select id from order_cycles where status = 'open'`)
    .then((result) => result.rows);
  if (!open) await createCycle(db);
  product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 100,
    gatherPriceCents: 5_000,
    priceCents: 5_000,
    name: "取消測試牛扒",
  });
  admin = await createMember(db, { type: "admin" });
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

describe("a member cancels an unpaid order from /order", () => {
  it("gives back the stock, the code's use and the dDollar used, exactly once", async () => {
    await database.db.insert(discountCodes).values({ code: "CANCEL9", percentageDiscount: 90 });
    const member = await createMember(database.db);
    const stockBefore = await stock();
    const placed = await unpaidOrder(member, "CANCEL9");
    expect(placed.payableCents).toBe(7_000);
    expect(await stock()).toBe(stockBefore - 2);
    expect(await usesOf("CANCEL9")).toBe(1);
    expect(await balanceOf(member)).toBe(0);

    const page = await send(member, "GET", "/order?status=to_pay");
    expect(page.body).toContain(placed.number);
    expect(page.body).toContain('name="intent" value="cancel"');

    const [first, second] = await Promise.all([
      send(member, "POST", "/order?status=to_pay", { intent: "cancel", number: placed.number }),
      send(member, "POST", "/order?status=to_pay", { intent: "cancel", number: placed.number }),
    ]);
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/order?status=to_pay");
      expect(await toastOf(response)).toEqual({
        kind: "success",
        key: "toast.myOrder.cancelled",
        params: { number: placed.number },
      });
    }
    expect(await statusOf(placed.orderId)).toBe("cancelled");
    expect(await stock()).toBe(stockBefore);
    expect(await usesOf("CANCEL9")).toBe(0);
    expect(await balanceOf(member)).toBe(2_000);
  });

  it("refuses another member's order and a paid one, changing nothing", async () => {
    const owner = await createMember(database.db);
    const stranger = await createMember(database.db);
    const placed = await unpaidOrder(owner);
    const stockBefore = await stock();

    const theirs = await send(stranger, "POST", "/order", { intent: "cancel", number: placed.number });
    expect(theirs.status).toBe(302);
    expect(await toastOf(theirs)).toEqual({ kind: "error", key: "toast.myOrder.notFound" });
    expect(await statusOf(placed.orderId)).toBe("pending_payment");
    expect((await send(stranger, "GET", "/order")).body).not.toContain(placed.number);

    await database.services.payments.startCard(owner.id, placed.number, "http://shop.test");
    const [payment] = await database.db
      .execute<{ provider_ref: string; amount_cents: number }>(
        sql`select provider_ref, amount_cents from payments where order_id = ${placed.orderId}`,
      )
      .then((result) => result.rows);
    expect(
      await database.services.payments.complete(payment!.provider_ref, {
        succeeded: true,
        amountCents: payment!.amount_cents,
      }),
    ).toBe("paid");
    const paid = await send(owner, "POST", "/order", { intent: "cancel", number: placed.number });
    expect(await toastOf(paid)).toEqual({
      kind: "error",
      key: "toast.myOrder.notCancelled",
      params: { number: placed.number },
    });
    expect(await statusOf(placed.orderId)).toBe("paid");
    expect(await stock()).toBe(stockBefore);
    // A paid order offers no cancel button.
    const page = await send(owner, "GET", "/order?status=paid");
    expect(page.body).toContain(placed.number);
    expect(page.body).not.toContain('name="intent" value="cancel"');
  });
});

describe("/order?status=", () => {
  it("lists only the member's orders of that kind, and all of them without a filter", async () => {
    const member = await createMember(database.db);
    const kept = await unpaidOrder(member);
    const dropped = await unpaidOrder(member);
    await send(member, "POST", "/order", { intent: "cancel", number: dropped.number });

    const numbersOn = async (url: string) => {
      const body = (await send(member, "GET", url)).body;
      return [kept.number, dropped.number].filter((number) => body.includes(number));
    };
    expect(await numbersOn("/order")).toEqual([kept.number, dropped.number]);
    expect(await numbersOn("/order?status=to_pay")).toEqual([kept.number]);
    expect(await numbersOn("/order?status=cancelled")).toEqual([dropped.number]);
    expect(await numbersOn("/order?status=paid")).toEqual([]);
    // A cancelled order that was never paid does not read as paid.
    const cancelledPage = (await send(member, "GET", "/order?status=cancelled")).body;
    expect(cancelledPage).toContain("未付款（訂單金額 $80.00）");
    expect(cancelledPage).not.toContain("已付 $");
    // An unknown filter is no filter.
    expect(await numbersOn("/order?status=bogus")).toEqual([kept.number, dropped.number]);
    // The filter is a plain link, marked where it is.
    const page = (await send(member, "GET", "/order?status=cancelled")).body;
    expect(page).toMatch(/aria-current="page"[^>]*href="\/order\?status=cancelled"/);
    expect(page).toContain('href="/order?status=to_pay"');
  });
});
