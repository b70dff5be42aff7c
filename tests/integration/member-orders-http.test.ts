import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { discountCodes, orderLines, orders } from "../../app/db/schema/index.ts";
import { formatCents } from "../../app/domain/shared/money.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
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
let server: ServedShop;
let member: MemberRow;
let other: MemberRow;
const cookies: Record<
  "anonymous" | "member" | "other" | "weigher" | "referee" | "discounter",
  string | undefined
> = {
  discounter: undefined,
  anonymous: undefined,
  member: undefined,
  other: undefined,
  weigher: undefined,
  referee: undefined,
};

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

function get(who: keyof typeof cookies, url: string) {
  return request(server.url, url, { method: "GET", headers: cookies[who] ? { cookie: cookies[who]! } : {} });
}

let paid: Awaited<ReturnType<typeof paidOrder>>;
let pending: Awaited<ReturnType<typeof paidOrder>>;
let weighed: Awaited<ReturnType<typeof paidOrder>>;
let referred: Awaited<ReturnType<typeof paidOrder>>;
let discounted: Awaited<ReturnType<typeof paidOrder>>;
let cancelled: Awaited<ReturnType<typeof paidOrder>>;

/**
 * Issue 47 item 3: DESIGN §4.8's worked example with XMAS2022 (90 %): est. 2.5 磅 at $238 charged
 * $535.50 after the code, $198 met, weighed 2.6 磅 after settlement → $463.32, credit $72.18; and a
 * tofu line of the same order marked missing at pickup.
 */
async function discountedAndMissing(pointId: number, categoryId: number) {
  const { db, services } = database;
  const shopper = await createMember(db);
  cookies.discounter = await sessionCookie(shopper.id);
  const admin = await createMember(db, { type: "admin" });
  const cycle = await closedCycle(db);
  const tenderloin = await createProduct(db, {
    categoryId,
    name: "和牛原條牛柳（九折）",
    mode: "general",
    priceCents: 23_800,
    gatherPriceCents: 19_800,
    unit: "磅",
    defaultWeight: 2.5,
    targetBuyers: 1,
  });
  const tofu = await createProduct(db, { categoryId, name: "缺貨豆腐", mode: "instock", stock: 9 });
  const [code] = await db
    .insert(discountCodes)
    .values({ code: "XMAS2022", percentageDiscount: 90 })
    .onConflictDoNothing()
    .returning();
  discounted = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: shopper.id,
    pickupPointId: pointId,
    percentageDiscount: 90,
    lines: [
      { product: tenderloin, quantity: 1 },
      { product: tofu, quantity: 1 },
    ],
  });
  // Part paid with $50.00 of dDollar, the rest by card (issue 47 item 2).
  await db
    .update(orders)
    .set({ discountCodeId: code!.id, dDollarUsedCents: 5_000, payableCents: discounted.payableCents - 5_000 })
    .where(eq(orders.id, discounted.id));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, discounted.id));
  const lineOf = (productId: number) => lines.find((line) => line.productId === productId)!.id;
  expect(await services.cycles.settlement.settleCycle(cycle.id)).toMatchObject({ status: "settled" });
  expect(await services.cycles.settlement.weighLine(lineOf(tenderloin.id), 2.6)).toEqual({
    status: "weighed",
    creditedCents: 7_218,
  });
  await db.update(orders).set({ status: "ready_for_pickup" }).where(eq(orders.id, discounted.id));
  expect(
    await services.pickup.console.collect(admin, discounted.pickupCode, {
      lineIds: [lineOf(tofu.id)],
      reason: "破損",
    }),
  ).toMatchObject({ status: "collected" });
}

/**
 * Issue 27 items 2 and 3: an order with a lighter fish weighed before the cut-off ($13.00/斤, est. 2
 * 斤, weighed 1.8 斤) and a heavier whole cut of a group that met, weighed after it (est. 2.5 磅 at
 * $238 charged $595.00, $198 met, weighed 2.6 磅); and a referee's first order of $908.00 items.
 */
async function weighedAndReferred(pointId: number, categoryId: number) {
  const { db, services } = database;
  const weigher = await createMember(db);
  const referee = await createMember(db, { referrerId: other.id, referralDiscount: 1 });
  cookies.weigher = await sessionCookie(weigher.id);
  cookies.referee = await sessionCookie(referee.id);
  const cycle = await closedCycle(db);
  const fish = await createProduct(db, {
    categoryId,
    name: "原條鱸魚",
    mode: "instock",
    priceCents: 1_500,
    gatherPriceCents: 1_300,
    unit: "斤",
    defaultWeight: 2,
    stock: 9,
  });
  const tenderloin = await createProduct(db, {
    categoryId,
    name: "和牛原條牛柳",
    mode: "general",
    priceCents: 23_800,
    gatherPriceCents: 19_800,
    unit: "磅",
    defaultWeight: 2.5,
    targetBuyers: 1,
  });
  const roast = await createProduct(db, {
    categoryId,
    name: "燒肉拼盤",
    mode: "general",
    priceCents: 52_000,
    gatherPriceCents: 41_600,
    targetBuyers: 1,
  });
  const wine = await createProduct(db, {
    categoryId,
    name: "紅酒",
    mode: "instock",
    priceCents: 38_800,
    gatherPriceCents: 38_800,
    stock: 9,
  });
  weighed = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: weigher.id,
    pickupPointId: pointId,
    lines: [
      { product: fish, quantity: 1 },
      { product: tenderloin, quantity: 1 },
    ],
  });
  referred = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: referee.id,
    pickupPointId: pointId,
    lines: [
      { product: roast, quantity: 1 },
      { product: wine, quantity: 1 },
    ],
  });
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, weighed.id));
  const lineOf = (productId: number) => lines.find((line) => line.productId === productId)!.id;
  expect(await services.cycles.settlement.weighLine(lineOf(fish.id), 1.8)).toEqual({
    status: "weighed",
    creditedCents: 260,
  });
  expect(await services.cycles.settlement.settleCycle(cycle.id)).toMatchObject({ status: "settled" });
  expect(await services.cycles.settlement.weighLine(lineOf(tenderloin.id), 2.6)).toEqual({
    status: "weighed",
    creditedCents: 8_020,
  });
}

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
  const cycle = await closedCycle(db, 2, { pickupFrom: "2030-01-03", pickupTo: "2030-01-05" });
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
  await weighedAndReferred(point.id, category.id);
  await discountedAndMissing(point.id, category.id);
  // Issue 47 item 1: an order cancelled before it was ever paid.
  cancelled = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: member.id,
    pickupPointId: point.id,
    status: "pending_payment",
    lines: [{ product: tofu, quantity: 1 }],
  });
  await db
    .update(orders)
    .set({ status: "cancelled", paidAt: null, paymentMethod: null })
    .where(eq(orders.id, cancelled.id));
  await db.update(orders).set({ paidAt: null, paymentMethod: null }).where(eq(orders.id, pending.id));
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

describe("member order pages", () => {
  it("send visitors to sign in", async () => {
    for (const url of ["/order", "/order/print", `/invoice?order=${paid.number}`]) {
      const response = await get("anonymous", url);
      expect(response.status, url).toBe(302);
      expect(response.headers.location, url).toMatch(/^\/login/);
    }
  });

  it("/order shows a pickup code and QR only on a paid order, the pickup dates and the statement", async () => {
    const page = await get("member", "/order");
    expect(page.status).toBe(200);
    expect(page.body).toContain(paid.pickupCode);
    // Issue 47 item 1: neither the unpaid nor the cancelled order shows a code to collect with.
    expect(page.body).toContain(pending.number);
    expect(page.body).toContain(cancelled.number);
    expect(page.body).not.toContain(pending.pickupCode);
    expect(page.body).not.toContain(cancelled.pickupCode);
    expect(page.body.match(/data-testid="pickup-code"/g)).toHaveLength(1);
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
    expect(page.body).toContain("優惠碼折扣（9折）");
    expect(page.body).toContain(`-$${(paid.discountCents / 100).toFixed(2)}`);
    expect(page.body).toContain("$15.00");
    // Issue 47 item 2: what was charged, named by how (the sandbox's card), not a sum with dDollar.
    const paidSection = page.body.slice(page.body.indexOf('data-testid="invoice-paid"'));
    expect(paidSection).toMatch(
      new RegExp(
        `信用卡（示範）</dt><dd[^>]*>${formatCents(paid.payableCents + paid.cardFeeCents).replace(/[$.]/g, "\\$&")}<`,
      ),
    );
    expect(page.body).toContain("李小龍");

    expect((await get("other", `/invoice?order=${paid.number}`)).status).toBe(404);
    expect((await get("member", "/invoice?order=G000000-999999")).status).toBe(404);
    expect((await get("member", "/invoice")).status).toBe(404);
  });

  it("/invoice of an order cancelled before payment says so: no amount paid, no method, no pickup code", async () => {
    const page = await get("member", `/invoice?order=${cancelled.number}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("訂單明細（未付款）");
    expect(page.body).toContain("已取消 · 未付款");
    expect(page.body).not.toContain('data-testid="invoice-paid"');
    expect(page.body).not.toContain("付款方式");
    expect(page.body).not.toContain("付款金額");
    expect(page.body).not.toContain(cancelled.pickupCode);
    const unpaid = await get("member", `/invoice?order=${pending.number}`);
    expect(unpaid.body).toContain("未付款：此訂單尚未付款。");
    expect(unpaid.body).not.toContain('data-testid="invoice-paid"');
  });

  it("names the discount code's share beside each credit of a discounted line, and 缺貨退款 on the order, receipt and statement", async () => {
    for (const url of ["/order", `/invoice?order=${discounted.number}`]) {
      const page = await get("discounter", url);
      expect(page.status, url).toBe(200);
      // $198 × 2.6 = $514.80 of $595.00 before the code; $72.18 back after it (DESIGN §4.8).
      expect(page.body, url).toContain("結帳時 $595.00");
      expect(page.body, url).toMatch(/\$514\.80/);
      expect(page.body, url).toContain("+$72.18");
      expect(page.body, url).toContain("已扣除優惠碼 XMAS2022（9折）");
      // The tofu line missing at pickup, on the line and as its credit's reason.
      expect(page.body, url).toContain("缺貨退款：取貨時缺少，已退回 dDollar");
      expect(page.body, url).toContain("缺貨退款（取貨時貨品缺少）");
      // One paid figure, named: the card's charge and the dDollar apart, never their sum.
      const card = formatCents(discounted.payableCents - 5_000);
      expect(page.body, url).toMatch(
        new RegExp(`信用卡（示範）(?:</dt><dd[^>]*>| )${card.replace(/[$.]/g, "\\$&")}`),
      );
      expect(page.body, url).toMatch(/dDollar(?:<\/dt><dd[^>]*>| )\$50\.00/);
      expect(page.body, url).not.toContain(`已付 ${formatCents(discounted.payableCents)}`);
      const credits = page.body.match(/data-testid="statement-discount-share"/g) ?? [];
      // The weighed line's credits (group and weight, or one of them) and the missing line's.
      expect(credits.length, url).toBeGreaterThanOrEqual(2);
    }
  });

  it("/invoice shows each weighed line at its weighed amount and every credit since checkout", async () => {
    const page = await get("weigher", `/invoice?order=${weighed.number}`);
    expect(page.status).toBe(200);
    // 13 × 1.8 = $23.40 of $26.00 charged (not the estimate's $26.00).
    expect(page.body).toContain("實際重量 1.8 斤");
    expect(page.body).toContain("結帳時 $26.00");
    expect(page.body).toMatch(/\$13\.00(?:<!-- -->)?\/斤<\/td><td[^>]*>\$23\.40</);
    // $198 × 2.6 = $514.80 of $595.00 charged.
    expect(page.body).toContain("實際重量 2.6 磅");
    expect(page.body).toContain("結帳時 $595.00");
    expect(page.body).toMatch(/\$198\.00(?:<!-- -->)?\/磅<\/td><td[^>]*>\$514\.80</);
    const credits = page.body.slice(page.body.indexOf('data-testid="invoice-credits"'));
    expect(credits).toContain("按實際重量退回差額");
    expect(credits).toContain("原條鱸魚");
    expect(credits).toContain("+$2.60");
    expect(credits).toContain("成團退款");
    expect(credits).toContain("和牛原條牛柳");
    expect(credits).toContain("+$80.20");
    // $621.00 paid, $82.80 back: $538.20, the two weighed amounts.
    expect(credits).toMatch(/data-testid="statement-final"[^>]*>\$538\.20</);
  });

  it("/order's statement shows the weighed amounts, the credits and the referral's base", async () => {
    const page = await get("weigher", "/order");
    expect(page.status).toBe(200);
    expect(page.body).toContain("原條鱸魚：1.8 斤 × $13.00/斤");
    expect(page.body).toContain("和牛原條牛柳：2.6 磅 × $198.00/磅");
    expect(page.body).toMatch(
      /data-testid="statement-weighed"[^>]*><span>原條鱸魚[^<]*<\/span><span[^>]*>\$23\.40</,
    );
    expect(page.body).toMatch(/data-testid="statement-final"[^>]*>\$538\.20</);

    const referee = await get("referee", "/order");
    expect(referee.status).toBe(200);
    // 5% of the $908.00 items ($804.00 after the $104.00 group refund): $45.40.
    expect(referee.body).toContain("按首次購物貨品金額 $908.00 計算");
    expect(referee.body).toContain("+$45.40");
    expect(referee.body).toContain("+$104.00");
    expect(referred.itemsCents).toBe(90_800);
  });

  it("/referral states the reward's base and works its example with the settlement's rule", async () => {
    const page = await get("anonymous", "/referral");
    expect(page.status).toBe(200);
    expect(page.body).toContain("貨品金額即結帳時的貨品總額");
    // 5% of the example's $600.00 items: $30.00.
    expect(page.body).toContain(formatCents(3_000));
    // DESIGN §4.8: the first paid order ever, placed after the referral; no referrer after a purchase; no loops.
    expect(page.body).toContain("推薦人須於第一次付款購物之前填寫");
    expect(page.body).toContain("已有付款訂單的會員不能再填寫推薦人");
    expect(page.body).toContain("不可互相推薦");
  });

  it("/guide and the whole-cut pages work their examples with settlement's own rules", async () => {
    const guide = await get("anonymous", "/guide");
    expect(guide.status).toBe(200);
    // One piece at $188.00 of a group that met at $148.00: $40.00 back.
    expect(guide.body).toContain(formatCents(4_000));
    // 2.5 磅 at $68.00 charged $170.00, weighed 2.3 磅: $156.40, so $13.60 back.
    for (const cents of [17_000, 15_640, 1_360]) expect(guide.body).toContain(formatCents(cents));
    // A $100.00 run fee shared by 5: $20.00 each.
    expect(guide.body).toContain(formatCents(2_000));
    // Beef: 2.5 磅 at $88.00 = $220.00, weighed 2.38 磅 = $209.44; pork: 2 磅 at $58.00 = $116.00, 1.86 磅 = $107.88.
    const beef = await get("anonymous", "/whole-piece");
    for (const cents of [22_000, 20_944, 1_056]) expect(beef.body).toContain(formatCents(cents));
    const pork = await get("anonymous", "/whole-piece-abs");
    for (const cents of [11_600, 10_788, 812]) expect(pork.body).toContain(formatCents(cents));
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
