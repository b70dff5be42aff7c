import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  auditLog,
  orderCycles,
  orderEvents,
  orders,
  outboxMessages,
  payments,
  siteSettings,
} from "../../app/db/schema/index.ts";
import { formatHkDateTime } from "../../app/domain/shared/hk-time.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { expireOrderAt } from "../helpers/expiry.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * FPS (轉數快) payment (issue 31 item 1) over HTTP against the built server, on this file's own
 * database: offered only once the admin has set the shop's FPS identifier (a bad one is refused
 * with the reason); the page shows the QR code and the details to copy; 「我已付款」 is a claim
 * exactly like PayMe's (the same payment row with method fps, the same deadline, the same expiry);
 * the admin confirms it from the same list, where it carries an FPS badge.
 */

const database = setupTestDatabase();
const HOUR = 3_600_000;

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-fps-"));
let server: ServedShop;
let admin: MemberRow;
let product: ProductRow;
let point: { id: number; name: string };
let adminCookie: string;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db);
  point = await createPickupPoint(db, { districtId: district.id, name: "旺角站", deliveryChargeCents: 0 });
  const [open] = await db.select().from(orderCycles).where(eq(orderCycles.status, "open"));
  // The cut-off a week away: a 24-hour claim ends well before the settlement.
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
    gatherPriceCents: 12_340,
    priceCents: 12_340,
    name: "北海道帶子",
  });
  admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
  adminCookie = await sessionCookie(admin.id);
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
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

const settingsForm = {
  reopenAt: "2031-05-01T09:30",
  shopName: "齊齊買",
  supportWhatsapp: "9876 5432",
  facebookUrl: "https://www.facebook.com/gather.test",
  instagramUrl: "https://www.instagram.com/gather.test",
  cardFeePercent: "1.5",
  referralPercent: "5",
  paymeClaimHours: "24",
};

/** The admin saves the FPS settings through /admin/settings, as the form posts them. */
function saveFps(fpsIdentifier: string, fpsAccountName: string) {
  return send(adminCookie, "POST", "/admin/settings", { ...settingsForm, fpsIdentifier, fpsAccountName });
}

async function placeOrder(member: MemberRow, now?: Date) {
  const { cart, orders: service } = database.services;
  await cart.add(member.id, product.id);
  const placed = await service.placeOrder(
    member.id,
    { pickupPointId: point.id, remark: "", ageConfirmed: false, idempotencyKey: randomUUID() },
    now,
  );
  if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
  return orderRow(placed.orderId);
}

async function orderRow(id: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function paymentsOf(orderId: number) {
  return database.db
    .select({ provider: payments.provider, providerRef: payments.providerRef, status: payments.status })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
}

/** The text of an element with `data-testid`, tags stripped. */
function testIdText(body: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</`).exec(body);
  return match?.[1]?.replace(/<!--.*?-->/g, "").trim();
}

describe("FPS is offered only with the shop's identifier set", () => {
  it("without settings: no FPS on /payment, its page sends the member back, a claim is refused", async () => {
    await database.db
      .update(siteSettings)
      .set({ fpsIdentifier: null, fpsAccountName: null })
      .where(eq(siteSettings.id, 1));
    const member = await createMember(database.db);
    const cookie = await sessionCookie(member.id);
    const order = await placeOrder(member);

    const choose = await send(cookie, "GET", `/payment?order=${order.number}`);
    expect(choose.status).toBe(200);
    expect(choose.body).toContain('value="payme"');
    expect(choose.body).not.toContain('value="fps"');

    const page = await send(cookie, "GET", `/payment/fps?order=${order.number}`);
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe(`/payment?order=${order.number}`);
    const chosen = await send(cookie, "POST", `/payment?order=${order.number}`, { method: "fps" });
    expect(chosen.status).toBe(302);
    const claim = await send(cookie, "POST", `/payment/fps?order=${order.number}`, {});
    expect(claim.status).toBe(302);
    expect(claim.headers.location).toBe(`/payment?order=${order.number}`);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderRow(order.id)).paymentMethod).toBeNull();
  });

  it("refuses a bad identifier with the reason, saving nothing", async () => {
    const before = await database.services.site.getSettings();
    const cases: [string, string, string][] = [
      ["12345", "Gather Ltd", "FPS ID 須為 7 位或 9 位數字"],
      ["2123 4567", "Gather Ltd", "手提電話號碼須為 8 位香港手提號碼"],
      ["pay@gather", "Gather Ltd", "電郵地址格式不正確"],
      ["gather shop", "Gather Ltd", "請輸入 FPS ID（7 或 9 位數字）、香港手提電話號碼或電郵地址"],
      ["1234567", "", "提供轉數快付款時，請填寫收款戶口名稱"],
    ];
    for (const [identifier, name, reason] of cases) {
      const response = await saveFps(identifier, name);
      expect(response.status, identifier).toBe(400);
      expect(response.body, identifier).toContain(reason);
    }
    expect(await database.services.site.getSettings()).toEqual(before);
  });

  it("saves a valid identifier as the QR code carries it, shows it and records the change", async () => {
    const saved = await saveFps("+852 9123 4567", "齊齊買有限公司");
    expect(saved.status).toBe(302);
    const settings = await database.services.site.getSettings();
    expect(settings).toMatchObject({ fpsIdentifier: "+852-91234567", fpsAccountName: "齊齊買有限公司" });
    const page = await send(adminCookie, "GET", "/admin/settings");
    expect(page.body).toContain("轉數快（FPS）識別碼");
    expect(page.body).toMatch(
      /name="fpsIdentifier"[^>]*value="\+852-91234567"|value="\+852-91234567"[^>]*name="fpsIdentifier"/,
    );
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "settings"))
      .orderBy(asc(auditLog.id));
    expect(audit?.after).toMatchObject({ fpsIdentifier: "+852-91234567", fpsAccountName: "齊齊買有限公司" });

    // Members cannot change it.
    const member = await createMember(database.db);
    const refused = await send(await sessionCookie(member.id), "POST", "/admin/settings", {
      ...settingsForm,
      fpsIdentifier: "7654321",
      fpsAccountName: "Someone",
    });
    expect(refused.status).toBe(403);
    expect((await database.services.site.getSettings()).fpsIdentifier).toBe("+852-91234567");
  });
});

describe("paying by FPS", () => {
  it("shows the QR code and the details, claims like PayMe, and the admin confirms it with an FPS badge", async () => {
    expect((await saveFps("1234567", "Gather Ltd")).status).toBe(302);
    const member = await createMember(database.db, { lastName: "李", firstName: "轉數" });
    const cookie = await sessionCookie(member.id);
    const order = await placeOrder(member);

    const choose = await send(cookie, "GET", `/payment?order=${order.number}`);
    expect(choose.body).toContain('value="fps"');
    expect(choose.body).toContain("轉數快 FPS");
    const chosen = await send(cookie, "POST", `/payment?order=${order.number}`, { method: "fps" });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe(`/payment/fps?order=${order.number}`);

    const page = await send(cookie, "GET", `/payment/fps?order=${order.number}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/data-testid="fps-qr"[^>]*>\s*<svg/);
    expect(testIdText(page.body, "fps-identifier")).toBe("1234567");
    expect(testIdText(page.body, "fps-account-name")).toBe("Gather Ltd");
    expect(testIdText(page.body, "fps-amount")).toBe("$123.40");
    expect(testIdText(page.body, "fps-reference")).toBe(order.number);
    expect(page.body).toContain("FPS ID");
    expect(page.body).toContain("我已付款</button>");

    // Another member's order is not found.
    const stranger = await sessionCookie((await createMember(database.db)).id);
    expect((await send(stranger, "GET", `/payment/fps?order=${order.number}`)).status).toBe(404);

    const before = Date.now();
    const claimed = await send(cookie, "POST", `/payment/fps?order=${order.number}`, {});
    expect(claimed.status).toBe(302);
    expect(claimed.headers.location).toBe("/order");
    expect(await paymentsOf(order.id)).toEqual([
      { provider: "fps", providerRef: `fps_${order.number}`, status: "pending" },
    ]);
    const row = await orderRow(order.id);
    expect(row.paymentMethod).toBe("fps");
    // The claim waits as long as a PayMe claim: the shop's 24 hours.
    expect(row.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR - 1_000);
    expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    const deadline = formatHkDateTime(row.expiresAt!);

    // A second claim, or a PayMe claim on top, changes nothing; card is refused.
    expect((await send(cookie, "POST", `/payment/fps?order=${order.number}`, {})).status).toBe(302);
    expect(await database.services.payments.claimPayme(member.id, order.number)).toBe("claimed");
    const card = await send(cookie, "POST", `/payment?order=${order.number}`, { method: "card" });
    expect(card.headers.location).toBe(`/payment?order=${order.number}`);
    expect((await paymentsOf(order.id)).map((payment) => payment.provider)).toEqual(["fps"]);
    expect((await orderRow(order.id)).expiresAt).toEqual(row.expiresAt);

    // What the member reads: waiting for the shop, by FPS.
    const list = await send(cookie, "GET", "/order");
    expect(list.body).toContain("待確認付款");
    expect(list.body).toContain(`已收到你的 FPS 付款通知，正等待商店確認。商店會於 ${deadline} 前確認付款`);
    expect(list.body).toContain("FPS $123.40（待確認）");
    const after = await send(cookie, "GET", `/payment/fps?order=${order.number}`);
    expect(after.body).toContain('data-testid="awaiting-confirmation"');
    expect(after.body).not.toContain("我已付款</button>");

    // The admin's list: the claim waits for confirmation with an FPS badge.
    const waiting = await send(
      adminCookie,
      "GET",
      `/admin/order?q=${order.number}&status=awaiting_confirmation`,
    );
    expect(waiting.status).toBe(200);
    expect(waiting.body).toContain(order.number);
    expect(waiting.body).toMatch(/data-testid="claim-method"[^>]*data-method="fps"[^>]*>FPS</);
    const detail = await send(adminCookie, "GET", `/admin/order/${order.id}`);
    expect(detail.body).toContain("標示為已付款（轉數快 FPS）");
    expect(detail.body).toContain('data-method="fps"');

    const confirmed = await send(adminCookie, "POST", `/admin/order/${order.id}`, { intent: "markPaid" });
    expect(confirmed.status).toBe(302);
    const paid = await orderRow(order.id);
    expect(paid.status).toBe("paid");
    expect(paid.expiresAt).toBeNull();
    expect((await paymentsOf(order.id)).map((payment) => payment.status)).toEqual(["succeeded"]);
    const events = await database.db
      .select({ toStatus: orderEvents.toStatus, actorId: orderEvents.actorId, note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events).toContainEqual({ toStatus: "paid", actorId: admin.id, note: "fps" });
    const receipt = await send(cookie, "GET", `/invoice?order=${order.number}`);
    expect(receipt.body).toContain("轉數快 FPS");
  });

  it("an FPS claim the shop does not confirm expires at its deadline, and the member is told by SMS", async () => {
    expect((await saveFps("pay@gather.hk", "Gather Ltd")).status).toBe(302);
    const member = await createMember(database.db);
    const placedAt = new Date();
    const order = await placeOrder(member, placedAt);
    expect(await database.services.payments.claimFps(member.id, order.number, placedAt)).toBe("claimed");
    const deadline = new Date(placedAt.getTime() + 24 * HOUR);
    expect((await orderRow(order.id)).expiresAt).toEqual(deadline);

    await database.services.orders.expireUnpaid(new Date(deadline.getTime() - 1_000));
    expect((await orderRow(order.id)).status).toBe("pending_payment");
    await expireOrderAt(database, order.id, deadline);
    const [event] = await database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "expired")));
    expect(event?.note).toBe("FPS 付款未於確認限期前獲確認");
    const texts = await database.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, member.phone), eq(outboxMessages.channel, "sms")));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`你的訂單 ${order.number} 的 FPS 付款未能於`);
  });

  it("taking FPS off the settings removes it from /payment and refuses new claims", async () => {
    expect((await saveFps("", "")).status).toBe(302);
    expect(await database.services.site.getSettings()).toMatchObject({
      fpsIdentifier: null,
      fpsAccountName: null,
    });
    const member = await createMember(database.db);
    const order = await placeOrder(member);
    const cookie = await sessionCookie(member.id);
    expect((await send(cookie, "GET", `/payment?order=${order.number}`)).body).not.toContain('value="fps"');
    expect(await database.services.payments.claimFps(member.id, order.number)).toBe("notPayable");
    expect(await paymentsOf(order.id)).toEqual([]);
  });
});
