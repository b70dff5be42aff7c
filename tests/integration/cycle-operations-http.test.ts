import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  auditLog,
  discountCodes,
  dollarLedger,
  members,
  orderCycles,
  orders,
  products,
} from "../../app/db/schema/index.ts";
import { formatHkAdminTime, formatHkDay, toHkLocalInput } from "../../app/domain/shared/hk-time.ts";
import { t } from "../../app/i18n/admin.ts";
import { t as notice } from "../../app/i18n/notices.ts";
import { closeDueCycle } from "../../app/services/shared/cycle-rules.server.ts";
import { devOutbox } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";
import { busyWeek } from "./group-buying-fixtures.ts";
import { closedCycle, paidOrder as writtenOrder } from "./settlement-fixtures.ts";

/**
 * Issue 27 item 7, over HTTP against the built server on this file's own database: paid orders
 * counted alike on /admin/deadline, a cycle's page and /admin/weekly-order; closing a cycle now;
 * settle now cancelling the unpaid orders (stock, code use and dDollar back, members texted);
 * pickup dates checked against the points' opening days; the next cycle on the weekly pattern.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-cycle-ops-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;
const DAY_MS = 86_400_000;
// The server's settlement job settles closed cycles 30 minutes after their cut-off; these are younger.
const MINUTES_AGO = 5 / 60;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  await createCategory(database.db);
  admin = await createMember(database.db, { type: "admin", lastName: "管", firstName: "理員" });
  member = await createMember(database.db);
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
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

// DESIGN §4.10: whatever the pages did, every balance still equals the sum of its records.
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
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

const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const cycleRow = async (id: number) =>
  (await database.db.select().from(orderCycles).where(eq(orderCycles.id, id)))[0]!;

const openCycle = async () =>
  (await database.db.select().from(orderCycles).where(eq(orderCycles.status, "open")))[0];

/** No cycle open: an open one without orders goes, one with orders is closed at once. */
async function noOpenCycle() {
  const open = await openCycle();
  if (!open) return;
  const deleted = await database.services.cycles.admin.deleteCycle(admin.id, open.id);
  if (deleted.status !== "deleted")
    await database.db.update(orderCycles).set({ status: "settled" }).where(eq(orderCycles.id, open.id));
}

/** The text of each cell of the /admin/deadline row linking to `id`. */
function listCells(body: string, id: number): string[] {
  const row = body.split("<tr").find((part) => part.includes(`data-row-id="${id}"`));
  if (!row) throw new Error(`no row for cycle ${id}`);
  return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
    cell[1]!.replace(/<[^>]+>/g, "").trim(),
  );
}

/** A Hong Kong wall-clock instant "2030-01-06T23:59:59". */
function hk(text: string): Date {
  return new Date(`${text}+08:00`);
}

describe("paid orders of a cycle", () => {
  it("are counted alike on the list, the weekly-order selector and the cycle's page", async () => {
    const cycle = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, cycle);
    const base = { cycleId: cycle.id, pickupPointId: week.points.plain.id };
    const line = [{ product: week.products.pieces, quantity: 1 }];
    await writtenOrder(database.db, { ...base, memberId: member.id, status: "collected", lines: line });
    await writtenOrder(database.db, { ...base, memberId: member.id, status: "pending_payment", lines: line });
    const expired = await writtenOrder(database.db, { ...base, memberId: member.id, lines: line });
    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, expired.id));
    // busyWeek's 3 paid orders and the collected one; not the unpaid or the expired one.
    const paid = 4;

    const list = await send("admin", "GET", "/admin/deadline?status=settling");
    expect(list.status).toBe(200);
    const cells = listCells(list.body, cycle.id);
    expect(cells[3]).toBe(String(paid));
    expect(cells[4]).toBe("1");

    const weekly = await send("admin", "GET", `/admin/weekly-order?cycle=${cycle.id}`);
    expect(weekly.body).toContain(
      html(
        t("admin.weekly.cycleOption", {
          cutoff: formatHkAdminTime(cycle.cutoffAt),
          status: t("admin.cycles.status.settling"),
          orders: paid,
        }),
      ),
    );

    const detail = await send("admin", "GET", `/admin/deadline/${cycle.id}`);
    expect(detail.body).toMatch(new RegExp(`${t("admin.cycle.ordersPaid")}</dt><dd[^>]*>${paid}<`));

    const { admin: cyclesAdmin, weeklyOrder } = database.services.cycles;
    const listed = (await cyclesAdmin.listCycles({ status: "all", page: 0, pageSize: 50, q: "" })).rows;
    expect(listed.find((row) => row.id === cycle.id)?.paidOrders).toBe(paid);
    expect((await weeklyOrder.cycleOptions()).find((row) => row.id === cycle.id)?.paidOrders).toBe(paid);
    expect((await cyclesAdmin.getCycle(cycle.id))?.orders).toMatchObject({ paid, pending: 1, total: 6 });
    expect((await weeklyOrder.summary(cycle.id))?.paidOrders).toBe(paid);
  });
});

describe("close now", () => {
  it("moves the cut-off to now, closes the cycle, opens the next on the weekly pattern, audited", async () => {
    await noOpenCycle();
    const cycle = await createCycle(database.db, { cutoffAt: new Date(Date.now() + 3 * DAY_MS) });
    const page = await send("admin", "GET", `/admin/deadline/${cycle.id}`);
    expect(page.body).toContain(t("admin.cycle.close"));

    const refused = await send("member", "POST", `/admin/deadline/${cycle.id}`, { intent: "close" });
    expect(refused.status).toBe(403);
    expect((await cycleRow(cycle.id)).status).toBe("open");

    const before = Date.now();
    const closed = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "close" });
    expect(closed.status).toBe(302);
    const row = await cycleRow(cycle.id);
    expect(row.status).toBe("settling");
    expect(row.cutoffAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row.cutoffAt.getTime()).toBeLessThanOrEqual(Date.now());
    const next = await openCycle();
    expect(next).toBeDefined();
    // The default weekly cut-off: Sunday 23:59 in Hong Kong, at least three days on.
    const local = toHkLocalInput(next!.cutoffAt);
    expect(new Date(`${local.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(local.slice(11)).toBe("23:59");
    expect(next!.cutoffAt.getTime() - row.cutoffAt.getTime()).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(next!.cutoffAt.getTime() - row.cutoffAt.getTime()).toBeLessThan(10 * DAY_MS);
    expect(await toastOf(closed)).toEqual({
      kind: "success",
      key: "admin.cycle.closed",
      params: { next: formatHkAdminTime(next!.cutoffAt) },
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order_cycle.close"), eq(auditLog.entityId, String(cycle.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      after: { status: "settling", nextCycleId: next!.id },
    });

    const again = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "close" });
    expect(again.status).toBe(409);
    expect(again.body).toContain(t("admin.cycle.notOpen"));
    expect((await cycleRow(cycle.id)).cutoffAt).toEqual(row.cutoffAt);
  });
});

describe("settle now with unpaid orders", () => {
  let product: ProductRow;
  let point: { id: number };

  async function placeOrder(buyer: MemberRow, quantity: number, code?: string) {
    const { cart, orders: service } = database.services;
    await cart.add(buyer.id, product.id);
    for (let i = 1; i < quantity; i++) await cart.change(buyer.id, product.id, 1);
    const placed = await service.placeOrder(buyer.id, {
      pickupPointId: point.id,
      remark: "",
      ageConfirmed: false,
      discountCode: code,
      idempotencyKey: randomUUID(),
    });
    if (placed.status === "refused") throw new Error(`order refused: ${placed.reason}`);
    return (await database.db.select().from(orders).where(eq(orders.id, placed.orderId)))[0]!;
  }

  it("offers to cancel them, gives back stock, code use and dDollar, texts the members, then settles", async () => {
    await noOpenCycle();
    const cycle = await createCycle(database.db, { cutoffAt: new Date(Date.now() + DAY_MS) });
    const district = await createDistrict(database.db);
    point = await createPickupPoint(database.db, { districtId: district.id, deliveryChargeCents: 0 });
    const category = await createCategory(database.db);
    product = await createProduct(database.db, {
      categoryId: category.id,
      mode: "instock",
      stock: 10,
      gatherPriceCents: 5_000,
      name: "結算測試牛扒",
    });
    const [code] = await database.db
      .insert(discountCodes)
      .values({ code: `SETTLE${randomUUID().slice(0, 6)}`, percentageDiscount: 90 })
      .returning();
    const unpaid = await createMember(database.db, { lastName: "未", firstName: "付款" });
    const claimer = await createMember(database.db, { lastName: "已", firstName: "聲稱" });
    const payer = await createMember(database.db, { lastName: "已", firstName: "付款" });
    const given = await database.services.dollars.adjust({
      member: { id: unpaid.id },
      amountCents: 3_000,
      note: "測試",
      adminId: admin.id,
    });
    expect(given.status).toBe("adjusted");

    const first = await placeOrder(unpaid, 2, code!.code);
    expect(first).toMatchObject({ status: "pending_payment", dDollarUsedCents: 3_000 });
    const second = await placeOrder(claimer, 3);
    expect(await database.services.payments.claimPayme(claimer.id, second.number)).toBe("claimed");
    const third = await placeOrder(payer, 1);
    expect(await database.services.payments.claimPayme(payer.id, third.number)).toBe("claimed");
    expect(
      await database.services.payments.complete(`payme_${third.number}`, {
        succeeded: true,
        amountCents: third.payableCents,
      }),
    ).toBe("paid");
    const stockOf = async () =>
      (
        await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id))
      )[0]!.stock;
    expect(await stockOf()).toBe(4);
    const usesOf = async () =>
      (await database.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.usedCount;
    expect(await usesOf()).toBe(1);

    // Closed now by the admin; the page counts the unpaid orders and the PayMe claim among them.
    expect((await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "close" })).status).toBe(
      302,
    );
    expect((await database.services.cycles.admin.getCycle(cycle.id))?.orders).toMatchObject({
      paid: 1,
      pending: 2,
      claimed: 1,
    });

    // Without the admin's consent nothing is cancelled: the old refusal.
    const refused = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "settle" });
    expect(refused.status).toBe(409);
    expect(await stockOf()).toBe(4);
    const forbidden = await send("member", "POST", `/admin/deadline/${cycle.id}`, {
      intent: "settle",
      cancelUnpaid: "1",
    });
    expect(forbidden.status).toBe(403);
    expect((await cycleRow(cycle.id)).status).toBe("settling");

    const settled = await send("admin", "POST", `/admin/deadline/${cycle.id}`, {
      intent: "settle",
      cancelUnpaid: "1",
    });
    expect(settled.status).toBe(302);
    expect(settled.headers.location).toBe(`/admin/deadline/${cycle.id}/report`);
    expect(await toastOf(settled)).toMatchObject({
      kind: "success",
      key: "admin.cycle.settledCancelled",
      params: { cancelled: 2, orders: 1 },
    });
    expect((await cycleRow(cycle.id)).status).toBe("settled");
    const statuses = await database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [first.id, second.id, third.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [first.id]: "cancelled",
      [second.id]: "cancelled",
      [third.id]: "confirmed",
    });
    expect(await stockOf()).toBe(9);
    expect(await usesOf()).toBe(0);
    const [balance] = await database.db
      .select({ cents: members.dDollarCents })
      .from(members)
      .where(eq(members.id, unpaid.id));
    expect(balance?.cents).toBe(3_000);
    const released = await database.db
      .select({ reason: dollarLedger.reason, cents: dollarLedger.amountCents })
      .from(dollarLedger)
      .where(eq(dollarLedger.orderId, first.id))
      .orderBy(dollarLedger.id);
    expect(released).toEqual([
      { reason: "order_payment", cents: -3_000 },
      { reason: "order_release", cents: 3_000 },
    ]);

    const shop = "齊齊買";
    const bodiesTo = async (phone: string) => (await devOutbox(server.url, phone)).map((m) => m.body);
    expect(await bodiesTo(unpaid.phone)).toContain(
      notice("notice.unpaidCancelled.smsRefund", { shop, number: first.number, amount: "$30.00" }),
    );
    expect(await bodiesTo(claimer.phone)).toContain(
      notice("notice.unpaidCancelled.sms", { shop, number: second.number }),
    );
    expect((await devOutbox(server.url, payer.phone)).some((m) => m.body.includes("取消"))).toBe(false);

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order_cycle.settle"), eq(auditLog.entityId, String(cycle.id))));
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { cancelledOrders: 2, cancelledClaims: 1 } });
  });
});

describe("pickup dates and the pickup points' opening days", () => {
  it("warns, without refusing, of the points closed on the pickup days when a cycle is created or edited", async () => {
    await noOpenCycle();
    const district = await createDistrict(database.db);
    const weekdays = await createPickupPoint(database.db, { districtId: district.id, name: "平日取貨站" });
    const sixDays = await createPickupPoint(database.db, {
      districtId: district.id,
      name: "六日取貨站",
      openDays: [1, 2, 3, 4, 5, 6],
    });
    const weekend = await createPickupPoint(database.db, {
      districtId: district.id,
      name: "周末取貨站",
      openDays: [6, 7],
    });
    // A Saturday and Sunday pickup, well in the future.
    const saturday = "2031-01-04";
    const sunday = "2031-01-05";
    const created = await send("admin", "POST", "/admin/deadline/new", {
      cutoffAt: "2031-01-02T23:59",
      pickupFrom: saturday,
      pickupTo: sunday,
    });
    expect(created.status).toBe(302);
    const id = Number(/^\/admin\/deadline\/(\d+)$/.exec(created.headers.location ?? "")?.[1]);
    const page = (await send("admin", "GET", `/admin/deadline/${id}`)).body;
    expect(page).toContain('data-testid="closed-points"');
    const days = (...list: string[]) => list.map(formatHkDay).join("、");
    expect(page).toContain(
      html(t("admin.cycle.closedPointAll", { name: weekdays.name, days: days(saturday, sunday) })),
    );
    expect(page).toContain(html(t("admin.cycle.closedPoint", { name: sixDays.name, days: days(sunday) })));
    expect(page).not.toContain(weekend.name);

    const edited = await send("admin", "POST", `/admin/deadline/${id}`, {
      cutoffAt: "2031-01-02T23:59",
      pickupFrom: "2031-01-06",
      pickupTo: "2031-01-07",
    });
    expect(edited.status).toBe(302);
    const after = (await send("admin", "GET", `/admin/deadline/${id}`)).body;
    expect(after).toContain(
      html(t("admin.cycle.closedPointAll", { name: weekend.name, days: days("2031-01-06", "2031-01-07") })),
    );
    expect(after).not.toContain(weekdays.name);
    expect(after).not.toContain(sixDays.name);
  });
});

describe("the next cycle's cut-off", () => {
  it("follows the shop's weekly pattern, not the odd time of the last cycle", async () => {
    await noOpenCycle();
    // A first cycle at an odd time: a Tuesday, 15:37:12 in Hong Kong.
    const odd = await createCycle(database.db, {
      cutoffAt: hk("2032-03-02T15:37:12"),
      pickupFrom: "2032-03-04",
      pickupTo: "2032-03-06",
    });
    expect(await closeDueCycle(database.db, hk("2032-03-02T15:37:13"))).toBe(odd.id);
    const next = (await openCycle())!;
    expect(next.cutoffAt).toEqual(hk("2032-03-07T23:59:00"));
    expect(next).toMatchObject({ pickupFrom: "2032-03-09", pickupTo: "2032-03-11" });

    // That one closes at 23:59:59 Hong Kong time on its Sunday: the next is a week on.
    await database.db
      .update(orderCycles)
      .set({ cutoffAt: hk("2032-03-07T23:59:59") })
      .where(eq(orderCycles.id, next.id));
    expect(await closeDueCycle(database.db, hk("2032-03-07T23:59:59"))).toBe(next.id);
    const after = (await openCycle())!;
    expect(after.cutoffAt).toEqual(hk("2032-03-14T23:59:00"));

    // The admin sets the pattern to Wednesday 12:00 on /admin/deadline.
    const bad = await send("admin", "POST", "/admin/deadline", { weekday: "3", time: "25:00" });
    expect(bad.status).toBe(400);
    const refused = await send("member", "POST", "/admin/deadline", { weekday: "3", time: "12:00" });
    expect(refused.status).toBe(403);
    const set = await send("admin", "POST", "/admin/deadline", { weekday: "3", time: "12:00" });
    expect(set.status).toBe(302);
    expect(await toastOf(set)).toEqual({ kind: "success", key: "admin.toast.updated" });
    expect(await database.services.cycles.admin.weeklyCutoff()).toEqual({ weekday: 3, minute: 720 });
    const list = await send("admin", "GET", "/admin/deadline");
    expect(list.body).toMatch(/name="time"[^>]*value="12:00"|value="12:00"[^>]*name="time"/);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "order_cycle.weekly_cutoff"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { weekday: 3, minute: 720 } });

    expect(await closeDueCycle(database.db, hk("2032-03-14T23:59:00"))).toBe(after.id);
    expect((await openCycle())!.cutoffAt).toEqual(hk("2032-03-24T12:00:00"));
    await noOpenCycle();
  });
});
