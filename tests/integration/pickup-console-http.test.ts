import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  auditLog,
  dollarLedger,
  members,
  orderEvents,
  orderLines,
  orders,
  pickupShortages,
  pickupStaff,
} from "../../app/db/schema/index.ts";
import { qrSvg } from "../../app/services/shared/qr.server.ts";
import { appRoutes, fillPattern } from "../helpers/app-routes.ts";
import { devOutbox } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct, type ProductRow } from "./catalogue-fixtures.ts";
import { pickupTodayCycle, readyOrder } from "./pickup-fixtures.ts";

/**
 * The pickup-day console over HTTP (issue 31 item 2) against the built server on this file's own
 * database: who may reach /pickup and nothing of /admin, staff of one point kept away from
 * another's orders, a hand-over once under two taps at once, a missing line refunded to dDollar
 * (ledger checked) with the member's SMS in the outbox, and the admin's form that assigns staff.
 */

const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-pickup-console-"));
let server: ServedShop;
let admin: MemberRow;
let staffA: MemberRow;
let staffB: MemberRow;
let plain: MemberRow;
let buyer: MemberRow;
let beef: ProductRow;
let pork: ProductRow;
let pointA: { id: number; name: string };
let pointB: { id: number; name: string };
let cycleId: number;
const cookies: Record<"visitor" | "member" | "staffA" | "staffB" | "admin", string | undefined> = {
  visitor: undefined,
  member: undefined,
  staffA: undefined,
  staffB: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  const district = await createDistrict(db, { name: "觀塘區" });
  pointA = await createPickupPoint(db, { districtId: district.id, name: "觀塘站" });
  pointB = await createPickupPoint(db, { districtId: district.id, name: "藍田站" });
  cycleId = (await pickupTodayCycle(db)).id;
  beef = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    name: "美國牛扒",
    priceCents: 15_000,
    marketPriceCents: 16_000,
    gatherPriceCents: 12_800,
  });
  pork = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    name: "黑毛豬腩",
    gatherPriceCents: 6_450,
  });
  admin = await createMember(db, { type: "admin", lastName: "管", firstName: "理員" });
  staffA = await createMember(db, { lastName: "李", firstName: "職員甲" });
  staffB = await createMember(db, { lastName: "張", firstName: "職員乙" });
  plain = await createMember(db, { lastName: "普通", firstName: "會員" });
  buyer = await createMember(db, { lastName: "陳", firstName: "大文", phone: "98761234" });
  expect(await database.services.pickup.staff.assign(admin.id, staffA.id, [pointA.id])).toEqual({
    status: "saved",
    changed: true,
  });
  await database.services.pickup.staff.assign(admin.id, staffB.id, [pointB.id]);
  cookies.admin = await sessionCookie(admin.id);
  cookies.staffA = await sessionCookie(staffA.id);
  cookies.staffB = await sessionCookie(staffB.id);
  cookies.member = await sessionCookie(plain.id);
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

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string | string[]>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    body = params.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

/** The zh-HK text as React renders it into the page. */
const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const orderAt = (point: { id: number }, lines = [{ product: beef, quantity: 1 }]) =>
  readyOrder(database.db, { cycleId, memberId: buyer.id, pickupPointId: point.id, lines });

const statusOf = async (id: number) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

const balanceOf = async (id: string) =>
  (await database.db.select({ cents: members.dDollarCents }).from(members).where(eq(members.id, id)))[0]
    ?.cents;

describe("who reaches the console", () => {
  it("sends a visitor to /login and back", async () => {
    const { order } = await orderAt(pointA);
    for (const url of ["/pickup", `/pickup/order/${order.pickupCode}`]) {
      const response = await send("visitor", "GET", url);
      expect(response.status, url).toBe(302);
      expect(response.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it("refuses a member who is not pickup staff (403), who changes nothing", async () => {
    const { order } = await orderAt(pointA);
    expect((await send("member", "GET", "/pickup")).status).toBe(403);
    expect((await send("member", "GET", `/pickup/order/${order.pickupCode}`)).status).toBe(403);
    const posted = await send("member", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" });
    expect(posted.status).toBe(403);
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
  });

  it("shows staff today's orders at their point, the member masked", async () => {
    const { order } = await orderAt(pointA);
    const page = await send("staffA", "GET", "/pickup");
    expect(page.status).toBe(200);
    expect(page.body).toContain(pointA.name);
    expect(page.body).toContain(order.pickupCode);
    expect(page.body).toContain(html("陳＊＊（電話尾號 1234）"));
    expect(page.body).not.toContain("98761234");
    expect(page.body).not.toContain("大文");
    // Another point's id in the URL shows the staff member's own point still.
    const other = await send("staffA", "GET", `/pickup?point=${pointB.id}`);
    expect(other.body).toContain(pointA.name);
    expect(other.body).not.toContain(pointB.name);
  });

  it("lets an admin in, with every active point", async () => {
    const page = await send("admin", "GET", `/pickup?point=${pointB.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(pointB.name);
  });

  it("gives pickup staff a 403 on every back office URL and method", async () => {
    const { order } = await orderAt(pointA);
    const admins = appRoutes().filter((route) => route.admin);
    expect(admins.length).toBeGreaterThan(40);
    for (const route of admins) {
      const url = fillPattern(route.pattern, (param) =>
        route.pattern.startsWith("/admin/member/") ? staffA.id : param === "*" ? "x" : "1",
      );
      if (route.hasLoader) expect((await send("staffA", "GET", url)).status, `GET ${url}`).toBe(403);
      if (route.hasAction)
        expect((await send("staffA", "POST", url, { intent: "x" })).status, `POST ${url}`).toBe(403);
    }
    // The admin's own page of this staff member, and assigning themself more points.
    const grab = await send("staffA", "POST", `/admin/member/${staffA.id}`, {
      intent: "pickupStaff",
      pointIds: [String(pointB.id)],
    });
    expect(grab.status).toBe(403);
    const rows = await database.db.select().from(pickupStaff).where(eq(pickupStaff.memberId, staffA.id));
    expect(rows.map((row) => row.pickupPointId)).toEqual([pointA.id]);
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
  });
});

describe("one point's staff and another point's orders", () => {
  it("cannot see, scan or collect them, and is told where the order belongs", async () => {
    const { order } = await orderAt(pointB);
    const page = await send("staffA", "GET", `/pickup/order/${order.pickupCode}`);
    expect(page.status).toBe(403);
    expect(page.body).toContain(html(`此訂單於「${pointB.name}」取貨，不屬於你的自取點`));
    expect(page.body).not.toContain(html("陳＊＊"));
    const scan = await send(
      "staffA",
      "GET",
      `/pickup?q=${encodeURIComponent(`gather-pickup:${order.pickupCode}`)}`,
    );
    expect(scan.status).toBe(200);
    expect(scan.body).toContain(html(`此訂單於「${pointB.name}」取貨，不屬於你的自取點`));
    const collect = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" });
    expect(collect.status).toBe(403);
    expect(collect.body).toContain(html(`此訂單於「${pointB.name}」取貨，不屬於你的自取點`));
    const [line] = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    // Asking what a missing line would give back, then confirming it: the same answer, naming the point.
    for (const confirmed of [{}, { confirmed: "yes" }] as Record<string, string>[]) {
      const missing = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, {
        intent: "missing",
        missing: [String(line!.id)],
        reason: "冇貨",
        ...confirmed,
      });
      expect(missing.status).toBe(403);
      expect(missing.body).toContain(html(`此訂單於「${pointB.name}」取貨，不屬於你的自取點`));
      expect(missing.body).not.toContain(html("陳＊＊"));
    }
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
    expect(await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toEqual([]);
  });

  it("says so when a QR is another shop's, or not a code at all, and changes nothing", async () => {
    const audit = (await database.db.select().from(auditLog)).length;
    const foreign = await send("staffA", "GET", `/pickup?q=${encodeURIComponent("other-shop:ABC234")}`);
    expect(foreign.status).toBe(200);
    expect(foreign.body).toContain(html("此 QR 碼不是齊齊買的取貨碼"));
    const link = await send(
      "staffA",
      "GET",
      `/pickup?q=${encodeURIComponent("https://example.com/p/ABC234")}`,
    );
    expect(link.body).toContain(html("此 QR 碼不是齊齊買的取貨碼"));
    const unknown = await send("staffA", "GET", `/pickup?q=${encodeURIComponent("gather-pickup:ZZZZZZ")}`);
    expect(unknown.body).toContain(html("找不到此取貨碼的訂單"));
    const malformed = await send("staffA", "GET", "/pickup?q=12");
    expect(malformed.body).toContain(html("取貨碼格式不正確（6 個英文字母或數字）"));
    expect((await database.db.select().from(auditLog)).length).toBe(audit);
  });
});

describe("handing an order over", () => {
  it("opens the order from a scan, collects it once under two taps at once, and says by whom afterwards", async () => {
    const { order } = await orderAt(pointA);
    const scan = await send(
      "staffA",
      "GET",
      `/pickup?q=${encodeURIComponent(`gather-pickup:${order.pickupCode}`)}`,
    );
    expect(scan.status).toBe(302);
    expect(scan.headers.location).toBe(`/pickup/order/${order.pickupCode}`);
    const [first, second] = await Promise.all([
      send("staffA", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" }),
      send("staffA", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" }),
    ]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    expect(await statusOf(order.id)).toBe("collected");
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "collected")));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBe(staffA.id);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "pickup.collect")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(staffA.id);
    // A second scan opens the order, which says when and by whom it was collected.
    const again = await send("staffA", "GET", `/pickup/order/${order.pickupCode}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatch(/已於 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 由 李職員甲 交收/);
    const late = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" });
    expect(late.status).toBe(409);
    expect(late.body).toContain(html("此訂單已經取貨"));
  });

  it("refuses an order not yet delivered to the point", async () => {
    const { order } = await readyOrder(database.db, {
      cycleId,
      memberId: buyer.id,
      pickupPointId: pointA.id,
      lines: [{ product: beef, quantity: 1 }],
      status: "paid",
    });
    const posted = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, { intent: "collect" });
    expect(posted.status).toBe(409);
    expect(posted.body).toContain(html("此訂單尚未送抵自取點，未能交收"));
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("refunds a missing line to dDollar after a confirmation, texts the member, and records it", async () => {
    const { order, lines } = await orderAt(pointA, [
      { product: beef, quantity: 2 },
      { product: pork, quantity: 1 },
    ]);
    const missingLine = lines.find((line) => line.productId === pork.id)!;
    const balanceBefore = await balanceOf(buyer.id);
    const smsBefore = (await devOutbox(server.url, buyer.phone)).length;
    const form = { intent: "missing", missing: [String(missingLine.id)], reason: "供應商缺貨" };
    // First the confirmation: nothing is written yet.
    const review = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, form);
    expect(review.status).toBe(200);
    expect(review.body).toContain(html("確認標記缺貨？"));
    expect(review.body).toContain("$64.50");
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
    expect(await balanceOf(buyer.id)).toBe(balanceBefore);
    // No reason: the schema refuses it.
    const noReason = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, {
      intent: "missing",
      missing: [String(missingLine.id)],
      confirmed: "yes",
    });
    expect(noReason.status).toBe(400);
    // Confirmed: collected, the line refunded once.
    const confirmed = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, {
      ...form,
      confirmed: "yes",
    });
    expect(confirmed.status).toBe(302);
    expect(await statusOf(order.id)).toBe("collected");
    expect(await balanceOf(buyer.id)).toBe(balanceBefore! + 6_450);
    const ledger = await database.db.select().from(dollarLedger).where(eq(dollarLedger.orderId, order.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        memberId: buyer.id,
        amountCents: 6_450,
        reason: "missing_refund",
        orderLineId: missingLine.id,
        adminId: staffA.id,
        note: "供應商缺貨",
      }),
    ]);
    const shortages = await database.db
      .select()
      .from(pickupShortages)
      .where(eq(pickupShortages.orderId, order.id));
    expect(shortages).toEqual([
      expect.objectContaining({
        orderLineId: missingLine.id,
        refundCents: 6_450,
        reason: "供應商缺貨",
        staffId: staffA.id,
      }),
    ]);
    // Sent by the server's credit-sms job after the commit (issue 47 item 4), once.
    const texts = await vi.waitFor(
      async () => {
        const sent = await devOutbox(server.url, buyer.phone);
        expect(sent.length).toBe(smsBefore + 1);
        return sent;
      },
      { timeout: 20_000, interval: 250 },
    );
    const sms = texts.find((message) => message.body.includes(order.number))!;
    expect(sms.channel).toBe("sms");
    expect(sms.body).toContain("黑毛豬腩 1 件");
    expect(sms.body).toContain("供應商缺貨");
    expect(sms.body).toContain("$64.50");
    expect(sms.body).toContain("缺貨退款");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, "pickup.collect_missing")));
    expect(audit).toHaveLength(1);
    // Sent again (a reload, a second phone): refused, nothing refunded twice.
    const twice = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, {
      ...form,
      confirmed: "yes",
    });
    expect(twice.status).toBe(409);
    expect(await balanceOf(buyer.id)).toBe(balanceBefore! + 6_450);
    const page = await send("staffA", "GET", `/pickup/order/${order.pickupCode}`);
    expect(page.body).toContain(html("缺貨（已退 $64.50）"));
  });

  it("refuses a line of another order", async () => {
    const { order } = await orderAt(pointA);
    const { lines: foreign } = await orderAt(pointA);
    const posted = await send("staffA", "POST", `/pickup/order/${order.pickupCode}`, {
      intent: "missing",
      missing: [String(foreign[0]!.id)],
      reason: "冇貨",
      confirmed: "yes",
    });
    expect(posted.status).toBe(400);
    expect(await statusOf(order.id)).toBe("ready_for_pickup");
  });

  it("lists at the end of the day what is left uncollected", async () => {
    const { order: left } = await orderAt(pointA);
    const { order: taken } = await orderAt(pointA);
    expect(
      (await send("staffA", "POST", `/pickup/order/${taken.pickupCode}`, { intent: "collect" })).status,
    ).toBe(302);
    const page = await send("staffA", "GET", "/pickup");
    const leftSection = page.body.slice(
      page.body.indexOf('data-testid="pickup-left"'),
      page.body.indexOf('data-testid="pickup-done"'),
    );
    const doneSection = page.body.slice(page.body.indexOf('data-testid="pickup-done"'));
    expect(leftSection).toContain(left.pickupCode);
    expect(leftSection).not.toContain(taken.pickupCode);
    expect(doneSection).toContain(taken.pickupCode);
  });
});

describe("the member's QR", () => {
  it("on /order encodes gather-pickup:<code>, which the console reads", async () => {
    const { order } = await orderAt(pointA);
    const page = await request(server.url, "/order", { headers: { cookie: await sessionCookie(buyer.id) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(await qrSvg(`gather-pickup:${order.pickupCode}`));
    expect(page.body).not.toContain(await qrSvg(order.pickupCode));
  });
});

describe("the admin assigning pickup staff", () => {
  it("makes a member staff at points through the member's page, audited, and takes it back", async () => {
    const member = await createMember(database.db, { lastName: "黃", firstName: "新職員" });
    const page = await send("admin", "GET", `/admin/member/${member.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(html("自取點職員"));
    const assigned = await send("admin", "POST", `/admin/member/${member.id}`, {
      intent: "pickupStaff",
      pointIds: [String(pointA.id), String(pointB.id)],
    });
    expect(assigned.status).toBe(302);
    const rows = await database.db.select().from(pickupStaff).where(eq(pickupStaff.memberId, member.id));
    expect(rows.map((row) => row.pickupPointId).sort()).toEqual([pointA.id, pointB.id].sort());
    const cookie = await sessionCookie(member.id);
    const console = await request(server.url, "/pickup", { headers: { cookie } });
    expect(console.status).toBe(200);
    expect((await request(server.url, "/admin", { headers: { cookie } })).status).toBe(403);
    const unknown = await send("admin", "POST", `/admin/member/${member.id}`, {
      intent: "pickupStaff",
      pointIds: ["999999"],
    });
    expect(unknown.status).toBe(400);
    const removed = await send("admin", "POST", `/admin/member/${member.id}`, { intent: "pickupStaff" });
    expect(removed.status).toBe(302);
    expect(await database.db.select().from(pickupStaff).where(eq(pickupStaff.memberId, member.id))).toEqual(
      [],
    );
    expect((await request(server.url, "/pickup", { headers: { cookie } })).status).toBe(403);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.id), eq(auditLog.action, "member.pickup_staff")));
    expect(audit).toHaveLength(2);
    expect(audit.every((entry) => entry.actorId === admin.id)).toBe(true);
  });
});
