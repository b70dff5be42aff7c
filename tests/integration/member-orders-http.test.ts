import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * /order, /order/print and /invoice over HTTP (issue 5 item 5): a member sees their own orders with
 * pickup code and QR, amounts as charged and the settlement statement; another member's order is a
 * 404; visitors sign in first.
 */

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-member-orders-"));
let server: RunningServer;
let member: MemberRow;
let other: MemberRow;
const cookies: Record<"anonymous" | "member" | "other", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  other: undefined,
};

async function sessionCookie(memberId: string): Promise<string> {
  const { token } = await database.services.auth.createSession(memberId, {});
  const header = await createCookie("gather_session").serialize(token);
  return header.split(";")[0]!;
}

function get(who: keyof typeof cookies, url: string) {
  return request(server.url, url, { method: "GET", headers: cookies[who] ? { cookie: cookies[who]! } : {} });
}

let paid: Awaited<ReturnType<typeof paidOrder>>;
let pending: Awaited<ReturnType<typeof paidOrder>>;

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  member = await createMember(db, { lastName: "李", firstName: "小龍" });
  other = await createMember(db);
  cookies.member = await sessionCookie(member.id);
  cookies.other = await sessionCookie(other.id);
  const district = await createDistrict(db);
  const point = await createPickupPoint(db, {
    districtId: district.id,
    name: "觀塘站",
    address: "九龍觀塘開源道 50 號",
    deliveryChargeCents: 1_500,
  });
  const cycle = await closedCycle(db);
  const wagyu = await createProduct(db, {
    categoryId: category.id,
    name: "澳洲和牛西冷",
    mode: "general",
    priceCents: 10_000,
    gatherPriceCents: 8_000,
    unit: "磅",
    defaultWeight: 2.5,
    targetBuyers: 1,
  });
  const tofu = await createProduct(db, {
    categoryId: category.id,
    name: "布包豆腐",
    mode: "instock",
    stock: 9,
  });
  paid = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: member.id,
    pickupPointId: point.id,
    deliveryFeeCents: 1_500,
    percentageDiscount: 90,
    lines: [
      { product: wagyu, quantity: 2 },
      { product: tofu, quantity: 3 },
    ],
  });
  pending = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: member.id,
    pickupPointId: point.id,
    status: "pending_payment",
    lines: [{ product: tofu, quantity: 1 }],
  });
  fs.chmodSync(dataDir, 0o755);
  server = await startServer({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("member order pages", () => {
  it("send visitors to sign in", async () => {
    for (const url of ["/order", "/order/print", `/invoice?order=${paid.number}`]) {
      const response = await get("anonymous", url);
      expect(response.status, url).toBe(302);
      expect(response.headers.location, url).toMatch(/^\/login/);
    }
  });

  it("/order shows each order's pickup code, a QR only when paid, the pickup dates and the statement", async () => {
    const page = await get("member", "/order");
    expect(page.status).toBe(200);
    expect(page.body).toContain(paid.pickupCode);
    expect(page.body).toContain(pending.pickupCode);
    expect(page.body.match(/data-testid="pickup-qr"/g)).toHaveLength(1);
    expect(page.body).toMatch(/data-testid="pickup-qr"[^>]*><svg/);
    expect(page.body).toContain("取貨日期：2030年1月3日");
    expect(page.body).toContain("估計 5 磅");
    expect(page.body).toContain("結算明細");
    expect(page.body).toContain(`/invoice?order=${paid.number}`);
    const theirs = await get("other", "/order");
    expect(theirs.body).not.toContain(paid.number);
  });

  it("/invoice prints the lines and the totals as charged, for the member's own order only", async () => {
    const page = await get("member", `/invoice?order=${paid.number}`);
    expect(page.status).toBe(200);
    // 2 × 2.5 磅 × $100.00 = $500.00; 3 × $45.00 tofu (the fixture's group price) = $135.00.
    expect(page.body).toContain("澳洲和牛西冷");
    expect(page.body).toContain("$500.00");
    expect(page.body).toContain(`$${(paid.itemsCents / 100).toFixed(2)}`);
    expect(page.body).toContain("優惠碼折扣（90%）");
    expect(page.body).toContain(`-$${(paid.discountCents / 100).toFixed(2)}`);
    expect(page.body).toContain("$15.00");
    const total = ((paid.payableCents + paid.cardFeeCents) / 100).toFixed(2);
    expect(page.body).toMatch(new RegExp(`付款金額</dt><dd[^>]*>\\$${total.replace(".", "\\.")}<`));
    expect(page.body).toContain("李小龍");

    expect((await get("other", `/invoice?order=${paid.number}`)).status).toBe(404);
    expect((await get("member", "/invoice?order=G000000-999999")).status).toBe(404);
    expect((await get("member", "/invoice")).status).toBe(404);
  });

  it("/order/print lists the paid orders only, without the shop's navigation", async () => {
    const page = await get("member", "/order/print");
    expect(page.status).toBe(200);
    expect(page.body).toContain(paid.number);
    expect(page.body).not.toContain(pending.number);
    expect(page.body).toContain('data-layout="bare"');
    expect(page.body).toContain("李小龍");
  });
});
