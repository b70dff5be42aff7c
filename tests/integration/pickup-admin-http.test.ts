import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog, orders, pickupDistricts, pickupPoints } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createMerchant, createPickupPoint } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle } from "./catalogue-fixtures.ts";

/**
 * /admin/location and /admin/location-district over HTTP on this file's own database (issue 5
 * item 6, DESIGN §4.13): admins only, add / edit / delete with audit entries and toasts, the
 * refusals (a district still used, a point with orders), bad input that changes nothing, and
 * /location following every change.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-pickup-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop into this database.
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

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string | string[]>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(
      Object.entries(form).flatMap(([name, value]) => [value].flat().map((one) => [name, one])),
    ).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

async function toastOf(response: RawResponse) {
  const header = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("gather_toast="));
  return header ? await createCookie("gather_toast").parse(header.split(";")[0]!) : null;
}

/** The zh-HK text as React renders it into the page (quotes and apostrophes escaped). */
const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const snapshot = async () => ({
  districts: await database.db.select().from(pickupDistricts).orderBy(asc(pickupDistricts.id)),
  points: await database.db.select().from(pickupPoints).orderBy(asc(pickupPoints.id)),
  audit: (await database.db.select().from(auditLog)).length,
});

const auditOf = (entity: string, id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .then((rows) => rows.filter((row) => row.entity === entity).sort((a, b) => a.id - b.id));

const pointForm = (districtId: number, fields: Record<string, string | string[]> = {}) => ({
  districtId: String(districtId),
  name: "觀塘站",
  address: "九龍觀塘開源道 50 號地下",
  hours: "星期一至五 10:00–19:00（公眾假期除外）",
  openDays: ["1", "2", "3", "4", "5"],
  deliveryCharge: "15",
  active: "on",
  position: "0",
  ...fields,
});

let orderSequence = 0;
async function placeOrderAt(pointId: number) {
  orderSequence += 1;
  const cycle = await createCycle(database.db, { status: "settled" });
  await database.db.insert(orders).values({
    number: `G-PICKUP-${orderSequence}`,
    memberId: member.id,
    cycleId: cycle.id,
    pickupPointId: pointId,
    pickupCode: `PICKUP${orderSequence}`,
    itemsCents: 8_000,
    payableCents: 8_000,
    idempotencyKey: `pickup-admin-${orderSequence}`,
  });
}

describe("who may use the pickup back office", () => {
  it("sends visitors to sign in, refuses members, and changes nothing for either", async () => {
    const district = await createDistrict(database.db, { name: "門外區" });
    const point = await createPickupPoint(database.db, { districtId: district.id, name: "門外站" });
    const before = await snapshot();
    const attempts: [method: "GET" | "POST", url: string, form?: Record<string, string | string[]>][] = [
      ["GET", "/admin/location"],
      ["GET", "/admin/location/new"],
      ["GET", `/admin/location/${point.id}`],
      ["GET", "/admin/location-district"],
      ["GET", "/admin/location-district/new"],
      ["GET", `/admin/location-district/${district.id}`],
      ["POST", "/admin/location/new", pointForm(district.id, { name: "偷偷加的站" })],
      ["POST", `/admin/location/${point.id}`, pointForm(district.id, { name: "偷偷改名" })],
      ["POST", `/admin/location/${point.id}`, { intent: "delete" }],
      ["POST", `/admin/location/${point.id}`, { intent: "deactivate" }],
      ["POST", "/admin/location-district/new", { name: "偷偷加的區", area: "九龍" }],
      ["POST", `/admin/location-district/${district.id}`, { name: "偷偷改", area: "九龍" }],
      ["POST", `/admin/location-district/${district.id}`, { intent: "delete" }],
    ];
    for (const [method, url, form] of attempts) {
      const anonymous = await send("anonymous", method, url, form);
      expect(anonymous.status, `${method} ${url}`).toBe(302);
      expect(anonymous.headers.location, `${method} ${url}`).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      const refused = await send("member", method, url, form);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body).not.toContain("門外站");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("districts", () => {
  it("adds, edits and deletes a district with audit entries and SPEC §8 toasts", async () => {
    const added = await send("admin", "POST", "/admin/location-district/new", {
      name: " 西貢 ",
      area: "新界及離島",
      position: "7",
    });
    expect(added.status).toBe(302);
    const id = Number(/^\/admin\/location-district\/(\d+)$/.exec(added.headers.location ?? "")?.[1]);
    expect(await toastOf(added)).toEqual({ kind: "success", key: "admin.toast.added" });
    const [row] = await database.db.select().from(pickupDistricts).where(eq(pickupDistricts.id, id));
    expect(row).toMatchObject({ name: "西貢", area: "新界及離島", position: 7 });

    const page = await send("admin", "GET", `/admin/location-district/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("西貢");

    const edited = await send("admin", "POST", `/admin/location-district/${id}`, {
      name: "西貢區",
      area: "新界及離島",
      position: "7",
    });
    expect(await toastOf(edited)).toEqual({ kind: "success", key: "admin.toast.updated" });
    const again = await send("admin", "POST", `/admin/location-district/${id}`, {
      name: "西貢區",
      area: "新界及離島",
      position: "7",
    });
    expect(await toastOf(again)).toEqual({ kind: "info", key: "admin.toast.unchanged" });

    const deleted = await send("admin", "POST", `/admin/location-district/${id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe("/admin/location-district");
    expect(await toastOf(deleted)).toEqual({ kind: "success", key: "admin.toast.removed" });
    expect(await database.db.select().from(pickupDistricts).where(eq(pickupDistricts.id, id))).toEqual([]);
    expect((await auditOf("pickup_district", id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ["pickup_district.create", admin.id],
      ["pickup_district.update", admin.id],
      ["pickup_district.delete", admin.id],
    ]);
    expect((await auditOf("pickup_district", id))[1]).toMatchObject({
      before: { name: "西貢" },
      after: { name: "西貢區" },
    });
  });

  it("refuses to delete a district while points use it, even inactive ones", async () => {
    const district = await createDistrict(database.db, { name: "仍有站區" });
    const point = await createPickupPoint(database.db, { districtId: district.id, active: false });
    const page = await send("admin", "GET", `/admin/location-district/${district.id}`);
    expect(page.body).toContain(html("此地區仍有 1 個自取點，不能刪除"));

    const before = await snapshot();
    const refused = await send("admin", "POST", `/admin/location-district/${district.id}`, {
      intent: "delete",
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(html("此地區仍有 1 個自取點，不能刪除"));
    expect(await snapshot()).toEqual(before);

    await database.db.delete(pickupPoints).where(eq(pickupPoints.id, point.id));
    const deleted = await send("admin", "POST", `/admin/location-district/${district.id}`, {
      intent: "delete",
    });
    expect(deleted.status).toBe(302);
  });

  it("refuses bad input with zh-HK messages and changes nothing", async () => {
    const taken = await createDistrict(database.db, { name: "已有區", area: "九龍" });
    const before = await snapshot();
    const cases: [form: Record<string, string | string[]>, message: string][] = [
      [{ name: "  ", area: "九龍" }, "必須填寫"],
      [{ name: "新區", area: "澳門" }, "必須填寫"],
      [{ name: "新區" }, "必須填寫"],
      [{ name: "新區", area: "九龍", position: "-1" }, "請輸入 0 至 9999 的整數"],
      [{ name: "新區", area: "九龍", position: "abc" }, "必須為數字"],
      [{ name: "已有區", area: "香港島" }, "已有同名地區"],
    ];
    for (const [form, message] of cases) {
      const response = await send("admin", "POST", "/admin/location-district/new", form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(response.body, JSON.stringify(form)).toContain(message);
    }
    const renamed = await send(
      "admin",
      "POST",
      `/admin/location-district/${(await createDistrict(database.db)).id}`,
      {
        name: taken.name,
        area: "九龍",
      },
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body).toContain("已有同名地區");
    const after = await snapshot();
    expect(after.districts.filter((row) => before.districts.every((old) => old.id !== row.id))).toHaveLength(
      1,
    );
    expect(after.points).toEqual(before.points);
    expect(after.audit).toBe(before.audit);
  });

  it("lists districts 50 to a page, filtered by area and searched by name", async () => {
    for (let i = 0; i < 52; i++) await createDistrict(database.db, { name: `分頁區${i}`, area: "香港島" });
    const first = await send("admin", "GET", `/admin/location-district?q=${encodeURIComponent("分頁區")}`);
    expect(first.status).toBe(200);
    expect(first.body.match(/href="\/admin\/location-district\/\d+"/g)).toHaveLength(50);
    const second = await send(
      "admin",
      "GET",
      `/admin/location-district?q=${encodeURIComponent("分頁區")}&page=1`,
    );
    expect(second.body.match(/href="\/admin\/location-district\/\d+"/g)).toHaveLength(2);
    const kowloon = await send(
      "admin",
      "GET",
      `/admin/location-district?q=${encodeURIComponent("分頁區")}&area=${encodeURIComponent("九龍")}`,
    );
    expect(kowloon.body).toContain("沒有符合條件的地區");
  });
});

describe("pickup points", () => {
  it("adds a point in dollars, stores cents and shows it on /location at once", async () => {
    const district = await createDistrict(database.db, { name: "觀塘", area: "九龍" });
    const merchant = await createMerchant(database.db, { name: "開源商戶" });
    const added = await send(
      "admin",
      "POST",
      "/admin/location/new",
      pointForm(district.id, { deliveryCharge: "$12.5", runFee: "120", merchantId: String(merchant.id) }),
    );
    expect(added.status).toBe(302);
    expect(await toastOf(added)).toEqual({ kind: "success", key: "admin.toast.added" });
    const id = Number(/^\/admin\/location\/(\d+)$/.exec(added.headers.location ?? "")?.[1]);
    const [row] = await database.db.select().from(pickupPoints).where(eq(pickupPoints.id, id));
    expect(row).toMatchObject({
      districtId: district.id,
      name: "觀塘站",
      deliveryChargeCents: 1_250,
      runFeeCents: 12_000,
      merchantId: merchant.id,
      active: true,
      bannerDesktop: null,
    });
    expect((await auditOf("pickup_point", id)).map((entry) => entry.action)).toEqual(["pickup_point.create"]);

    const location = await send("anonymous", "GET", "/location");
    expect(location.body).toContain("觀塘站");
    expect(location.body).toContain("$12.50");

    const listed = await send("admin", "GET", `/admin/location?district=${district.id}`);
    expect(listed.body).toContain("觀塘站");
    expect(listed.body).toContain("$12.50");
  });

  it("edits a point: /location follows, a free-delivery merchant makes it free, unchanged says so", async () => {
    const district = await createDistrict(database.db, { name: "荃灣", area: "新界及離島" });
    const free = await createMerchant(database.db, { name: "免運商戶", freeDelivery: true });
    const point = await createPickupPoint(database.db, { districtId: district.id, name: "荃灣站" });
    const form = pointForm(district.id, {
      name: "荃灣西站",
      address: "新界荃灣楊屋道 1 號",
      hours: "星期一至六 11:00–20:00",
      openDays: ["1", "2", "3", "4", "5", "6"],
      deliveryCharge: "20",
      merchantId: String(free.id),
      bannerMobile: "/uploads/pickup-points/tsuen-wan-800w.webp",
    });
    const edited = await send("admin", "POST", `/admin/location/${point.id}`, form);
    expect(edited.status).toBe(302);
    expect(await toastOf(edited)).toEqual({ kind: "success", key: "admin.toast.updated" });
    const unchanged = await send("admin", "POST", `/admin/location/${point.id}`, form);
    expect(await toastOf(unchanged)).toEqual({ kind: "info", key: "admin.toast.unchanged" });
    const [entry] = await auditOf("pickup_point", point.id);
    expect(entry).toMatchObject({
      action: "pickup_point.update",
      before: { name: "荃灣站", deliveryChargeCents: 1_000, openDays: [1, 2, 3, 4, 5] },
      after: {
        name: "荃灣西站",
        deliveryChargeCents: 2_000,
        merchantId: free.id,
        openDays: [1, 2, 3, 4, 5, 6],
      },
    });
    // Issue 27 item 7: the opening days a cycle's pickup dates are checked against.
    const [saved] = await database.db.select().from(pickupPoints).where(eq(pickupPoints.id, point.id));
    expect(saved?.openDays).toEqual([1, 2, 3, 4, 5, 6]);
    const none = await send("admin", "POST", `/admin/location/${point.id}`, { ...form, openDays: [] });
    expect(none.status).toBe(400);
    expect(none.body).toContain("請選擇最少一個營業日");

    const location = (await send("anonymous", "GET", "/location")).body;
    expect(location).toContain("荃灣西站");
    expect(location).not.toContain("荃灣站<");
    expect(location).toContain("星期一至六 11:00–20:00");
    expect(location).toContain("/uploads/pickup-points/tsuen-wan-800w.webp");
    const card = location.slice(location.indexOf("荃灣西站"), location.indexOf("荃灣西站") + 3_000);
    expect(card).toContain("免運費");
    expect(card).not.toContain("$20.00");

    const page = await send("admin", "GET", `/admin/location/${point.id}`);
    expect(page.body).toContain('value="20.00"');
    expect(page.body).toContain("修改自取點");
  });

  it("deletes a point without orders; refuses one with orders, which is deactivated instead", async () => {
    const district = await createDistrict(database.db, { name: "沙田", area: "新界及離島" });
    const unused = await createPickupPoint(database.db, { districtId: district.id, name: "未用站" });
    const deleted = await send("admin", "POST", `/admin/location/${unused.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe("/admin/location");
    expect(await toastOf(deleted)).toEqual({ kind: "success", key: "admin.toast.removed" });
    expect(await database.db.select().from(pickupPoints).where(eq(pickupPoints.id, unused.id))).toEqual([]);

    const used = await createPickupPoint(database.db, { districtId: district.id, name: "沙田有單站" });
    await placeOrderAt(used.id);
    const page = await send("admin", "GET", `/admin/location/${used.id}`);
    expect(page.body).toContain("停用自取點");
    expect(page.body).not.toContain("刪除自取點");

    const before = await snapshot();
    const refused = await send("admin", "POST", `/admin/location/${used.id}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(html("此自取點已有 1 張訂單，不能刪除"));
    expect(await snapshot()).toEqual(before);

    const deactivated = await send("admin", "POST", `/admin/location/${used.id}`, { intent: "deactivate" });
    expect(deactivated.status).toBe(302);
    expect(await toastOf(deactivated)).toEqual({ kind: "success", key: "admin.toast.updated" });
    const [row] = await database.db.select().from(pickupPoints).where(eq(pickupPoints.id, used.id));
    expect(row!.active).toBe(false);
    expect((await database.db.select().from(orders).where(eq(orders.pickupPointId, used.id))).length).toBe(1);
    expect((await send("anonymous", "GET", "/location")).body).not.toContain("沙田有單站");
    const inactiveList = await send("admin", "GET", "/admin/location?status=inactive");
    expect(inactiveList.body).toContain("沙田有單站");
    expect((await send("admin", "GET", "/admin/location?status=active")).body).not.toContain("沙田有單站");
    expect((await auditOf("pickup_point", used.id)).map((entry) => entry.action)).toEqual([
      "pickup_point.deactivate",
    ]);
  });

  it("refuses bad input with zh-HK messages and changes nothing", async () => {
    const district = await createDistrict(database.db, { name: "錯誤測試區" });
    const point = await createPickupPoint(database.db, { districtId: district.id, name: "錯誤測試站" });
    const before = await snapshot();
    const cases: [form: Record<string, string | string[]>, message: string][] = [
      [pointForm(district.id, { deliveryCharge: "-5" }), "不可為負數"],
      [pointForm(district.id, { deliveryCharge: "12.345" }), "金額最多只可有兩位小數"],
      [pointForm(district.id, { deliveryCharge: "十五" }), "必須為數字"],
      [pointForm(district.id, { runFee: "-1" }), "不可為負數"],
      [pointForm(district.id, { deliveryCharge: "" }), "必須填寫"],
      [pointForm(district.id, { name: "   " }), "必須填寫"],
      [pointForm(district.id, { address: "" }), "必須填寫"],
      [pointForm(999_999), "找不到所選地區"],
      [pointForm(district.id, { merchantId: "999999" }), "找不到所選項目"],
      [pointForm(district.id, { bannerDesktop: "javascript:alert(1)" }), "請上載圖片"],
      [pointForm(district.id, { position: "10000" }), "請輸入 0 至 9999 的整數"],
    ];
    for (const [form, message] of cases) {
      for (const url of ["/admin/location/new", `/admin/location/${point.id}`]) {
        const response = await send("admin", "POST", url, form);
        expect(response.status, `${url} ${JSON.stringify(form)}`).toBe(400);
        expect(response.body, `${url} ${JSON.stringify(form)}`).toContain(html(message));
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await send("admin", "GET", "/admin/location/abc")).status).toBe(404);
    expect((await send("admin", "GET", "/admin/location/999999")).status).toBe(404);
    expect((await send("admin", "POST", "/admin/location/999999", { intent: "delete" })).status).toBe(404);
    expect((await send("admin", "GET", "/admin/location-district/999999")).status).toBe(404);
  });

  it("lists points 50 to a page, filtered by district and searched by name or address", async () => {
    const district = await createDistrict(database.db, { name: "分頁站區" });
    const other = await createDistrict(database.db, { name: "別區" });
    for (let i = 0; i < 53; i++) {
      await createPickupPoint(database.db, { districtId: district.id, name: `分頁站${i}` });
    }
    await createPickupPoint(database.db, { districtId: other.id, name: "別區站", address: "分頁街 1 號" });
    const links = (body: string) => body.match(/href="\/admin\/location\/\d+"/g) ?? [];
    const first = await send("admin", "GET", `/admin/location?district=${district.id}`);
    expect(links(first.body)).toHaveLength(50);
    const second = await send("admin", "GET", `/admin/location?district=${district.id}&page=1`);
    expect(links(second.body)).toHaveLength(3);
    const byAddress = await send("admin", "GET", `/admin/location?q=${encodeURIComponent("分頁街")}`);
    expect(links(byAddress.body)).toHaveLength(1);
    expect(byAddress.body).toContain("別區站");
  });
});
