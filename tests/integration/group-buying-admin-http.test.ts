import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { createCookie } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  auditLog,
  dollarLedger,
  members,
  orderCycles,
  orderLines,
  orders,
} from "../../app/db/schema/index.ts";
import { addDays } from "../../app/domain/cycles/cycle-calendar.ts";
import { CSV_BOM } from "../../app/domain/shared/csv.ts";
import { formatHkAdminTime, hkDayKey, toHkLocalInput } from "../../app/domain/shared/hk-time.ts";
import { t } from "../../app/i18n/admin.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createCycle } from "./catalogue-fixtures.ts";
import { busyWeek } from "./group-buying-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * /admin/deadline, the settlement report and /admin/weekly-order over HTTP on this file's own
 * database (issue 6 items 1, 2, 3 and 6): admins only; cycles created, edited and deleted with the
 * zh-HK refusals (a second open cycle, a past cut-off, a settled cycle); settle now refused before
 * the cut-off and while payments are pending, then settling once; a report whose totals add up;
 * weighing with every refusal; the CSV and XLSX files.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-group-admin-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

// The settlement job of the server runs every minute; cycles closed here are minutes old, so it
// only settles what a test asks for (it waits 30 minutes of payment window).
const MINUTES_AGO = 5 / 60;
const DAY_MS = 86_400_000;

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

/** The zh-HK text as React renders it into the page (quotes and apostrophes escaped). */
const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

/** A cycle form: cut-off `days` from now (Hong Kong time), pickup the next three days. */
function cycleForm(days: number, fields: Record<string, string> = {}) {
  const cutoff = new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000);
  return {
    cutoffAt: toHkLocalInput(cutoff),
    pickupFrom: hkDayKey(new Date(cutoff.getTime() + DAY_MS)),
    pickupTo: hkDayKey(new Date(cutoff.getTime() + 3 * DAY_MS)),
    ...fields,
  };
}

const cycleRow = async (id: number) =>
  (await database.db.select().from(orderCycles).where(eq(orderCycles.id, id)))[0];

const openCycles = async () =>
  (await database.db.select({ n: count() }).from(orderCycles).where(eq(orderCycles.status, "open")))[0]!.n;

const creditsOf = async (cycleId: number) =>
  (
    await database.db
      .select({ cents: sql<number>`coalesce(sum(${dollarLedger.amountCents}), 0)::int`, n: count() })
      .from(dollarLedger)
      .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
      .where(eq(orders.cycleId, cycleId))
  )[0]!;

const balanceOf = async (memberId: string) =>
  (
    await database.db.select({ cents: members.dDollarCents }).from(members).where(eq(members.id, memberId))
  )[0]!.cents;

/** The one open cycle the storefront takes orders in, made once through the page. */
let openCycleId: number | undefined;
async function theOpenCycle(): Promise<number> {
  if (openCycleId) return openCycleId;
  const created = await send("admin", "POST", "/admin/deadline/new", cycleForm(7));
  expect(created.status).toBe(302);
  openCycleId = Number(/^\/admin\/deadline\/(\d+)$/.exec(created.headers.location ?? "")?.[1]);
  return openCycleId;
}

describe("who may use the group-buying back office", () => {
  it("sends visitors to sign in, refuses members, and changes nothing for either", async () => {
    const cycle = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, cycle);
    const [line] = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.productId, week.products.weighed.id));
    const attempts: [method: "GET" | "POST", url: string, form?: Record<string, string>][] = [
      ["GET", "/admin/deadline"],
      ["GET", "/admin/deadline/new"],
      ["GET", `/admin/deadline/${cycle.id}`],
      ["GET", `/admin/deadline/${cycle.id}/report`],
      ["GET", `/admin/weekly-order?cycle=${cycle.id}`],
      ["GET", `/admin/weekly-order/packing?cycle=${cycle.id}`],
      ["GET", `/admin/weekly-order/export.csv?cycle=${cycle.id}&view=packing`],
      ["GET", `/admin/weekly-order/export.xlsx?cycle=${cycle.id}`],
      ["POST", "/admin/deadline/new", cycleForm(3)],
      ["POST", `/admin/deadline/${cycle.id}`, { intent: "settle" }],
      ["POST", `/admin/deadline/${cycle.id}`, { intent: "delete" }],
      ["POST", `/admin/deadline/${cycle.id}`, cycleForm(3)],
      [
        "POST",
        `/admin/weekly-order/weighing?cycle=${cycle.id}`,
        {
          cycle: String(cycle.id),
          only: String(line!.id),
          "lines[0].lineId": String(line!.id),
          "lines[0].weight": "1",
        },
      ],
    ];
    for (const [method, url, form] of attempts) {
      const anonymous = await send("anonymous", method, url, form);
      expect(anonymous.status, `${method} ${url}`).toBe(302);
      expect(anonymous.headers.location, `${method} ${url}`).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      const refused = await send("member", method, url, form);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body).not.toContain(week.members.first.phone);
    }
    expect(await cycleRow(cycle.id)).toMatchObject({ status: "settling", settledAt: null });
    expect(await database.db.select().from(orderCycles)).toHaveLength(1);
    expect(await creditsOf(cycle.id)).toEqual({ cents: 0, n: 0 });
    const lines = await database.db.select({ weight: orderLines.actualWeight }).from(orderLines);
    expect(lines.every((row) => row.weight === null)).toBe(true);
  });
});

describe("cycles (/admin/deadline)", () => {
  it("creates the one open cycle with a toast, refusing bad input and a second open cycle", async () => {
    const before = await database.db.select().from(orderCycles);
    const bad: [form: Record<string, string>, status: number, message: string][] = [
      [
        cycleForm(3, { pickupTo: hkDayKey(new Date(Date.now() + DAY_MS)) }),
        400,
        "取貨結束日期不可早於開始日期",
      ],
      [cycleForm(3, { pickupFrom: "2030-02-30" }), 400, "請輸入有效的日期"],
      [cycleForm(3, { cutoffAt: "" }), 400, "必須填寫"],
      [cycleForm(-1), 409, "截單時間必須在現在之後"],
    ];
    for (const [form, status, message] of bad) {
      const response = await send("admin", "POST", "/admin/deadline/new", form);
      expect(response.status, JSON.stringify(form)).toBe(status);
      expect(response.body, JSON.stringify(form)).toContain(message);
    }
    expect(await database.db.select().from(orderCycles)).toEqual(before);

    const form = cycleForm(7);
    const created = await send("admin", "POST", "/admin/deadline/new", form);
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toEqual({ kind: "success", key: "admin.toast.added" });
    openCycleId = Number(/^\/admin\/deadline\/(\d+)$/.exec(created.headers.location ?? "")?.[1]);
    const row = await cycleRow(openCycleId);
    expect(row).toMatchObject({ status: "open", pickupFrom: form.pickupFrom, pickupTo: form.pickupTo });
    expect(toHkLocalInput(row!.cutoffAt)).toBe(form.cutoffAt);

    const second = await send("admin", "POST", "/admin/deadline/new", cycleForm(14));
    expect(second.status).toBe(409);
    expect(second.body).toContain(
      html(t("admin.cycle.openExists", { cutoff: formatHkAdminTime(row!.cutoffAt) })),
    );
    expect(await openCycles()).toBe(1);

    const list = await send("admin", "GET", "/admin/deadline");
    expect(list.status).toBe(200);
    expect(list.body).toContain(formatHkAdminTime(row!.cutoffAt));
    expect(list.body).toContain("接受訂單中");
    const page = await send("admin", "GET", "/admin/deadline/new");
    expect(page.body).toContain('data-testid="open-note"');
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order_cycle"), eq(auditLog.entityId, String(openCycleId))));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([["order_cycle.create", admin.id]]);
  });

  it("edits a cycle, keeps a closed cycle's cut-off, and leaves a settled cycle as it was", async () => {
    const id = await theOpenCycle();
    const current = await cycleRow(id);
    const form = {
      cutoffAt: toHkLocalInput(current!.cutoffAt),
      pickupFrom: current!.pickupFrom,
      pickupTo: hkDayKey(new Date(Date.parse(`${current!.pickupFrom}T00:00:00Z`) + 5 * DAY_MS)),
    };
    const edited = await send("admin", "POST", `/admin/deadline/${id}`, form);
    expect(await toastOf(edited)).toEqual({ kind: "success", key: "admin.toast.updated" });
    expect((await cycleRow(id))?.pickupTo).toBe(form.pickupTo);
    const again = await send("admin", "POST", `/admin/deadline/${id}`, form);
    expect(await toastOf(again)).toEqual({ kind: "info", key: "admin.toast.unchanged" });
    const past = await send("admin", "POST", `/admin/deadline/${id}`, {
      ...form,
      cutoffAt: cycleForm(-1).cutoffAt,
    });
    expect(past.status).toBe(409);
    expect(past.body).toContain("截單時間必須在現在之後");

    const closed = await closedCycle(database.db, MINUTES_AGO);
    const moved = await send("admin", "POST", `/admin/deadline/${closed.id}`, cycleForm(2));
    expect(moved.status).toBe(409);
    expect(moved.body).toContain("此期已截單，不能再更改截單時間");
    const longer = addDays(closed.pickupTo, 1);
    const pickupOnly = await send("admin", "POST", `/admin/deadline/${closed.id}`, {
      cutoffAt: toHkLocalInput(closed.cutoffAt),
      pickupFrom: closed.pickupFrom,
      pickupTo: longer,
    });
    expect(await toastOf(pickupOnly)).toEqual({ kind: "success", key: "admin.toast.updated" });
    expect(await cycleRow(closed.id)).toMatchObject({ cutoffAt: closed.cutoffAt, pickupTo: longer });

    const settled = await createCycle(database.db, {
      status: "settled",
      cutoffAt: new Date(Date.now() - DAY_MS),
    });
    const refused = await send("admin", "POST", `/admin/deadline/${settled.id}`, {
      cutoffAt: toHkLocalInput(settled.cutoffAt),
      pickupFrom: settled.pickupFrom,
      pickupTo: addDays(settled.pickupTo, 2),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("此期已結算，不能再修改");
    expect(await cycleRow(settled.id)).toEqual(settled);
    const page = await send("admin", "GET", `/admin/deadline/${settled.id}`);
    expect(page.body).toContain("此期已結算，不能再修改");
    expect(page.body).not.toContain('name="cutoffAt"');
  });

  it("deletes a cycle no order names, and refuses one with orders", async () => {
    const empty = await createCycle(database.db, {
      status: "settled",
      cutoffAt: new Date(Date.now() - 30 * DAY_MS),
    });
    const used = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, used);
    const page = await send("admin", "GET", `/admin/deadline/${used.id}`);
    expect(page.body).not.toContain("刪除此期");

    const refused = await send("admin", "POST", `/admin/deadline/${used.id}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("此期已有 3 張訂單，不能刪除");
    expect(await cycleRow(used.id)).toBeDefined();
    expect(week.orders.firstOrder.cycleId).toBe(used.id);

    expect((await send("admin", "GET", `/admin/deadline/${empty.id}`)).body).toContain("刪除此期");
    const deleted = await send("admin", "POST", `/admin/deadline/${empty.id}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.location).toBe("/admin/deadline");
    expect(await toastOf(deleted)).toEqual({ kind: "success", key: "admin.toast.removed" });
    expect(await cycleRow(empty.id)).toBeUndefined();
    expect((await send("admin", "GET", `/admin/deadline/${empty.id}`)).status).toBe(404);
  });
});

describe("settle now and the settlement report", () => {
  it("refuses before the cut-off and while payments are pending, then settles exactly once", async () => {
    const open = await theOpenCycle();
    const early = await send("admin", "POST", `/admin/deadline/${open}`, { intent: "settle" });
    expect(early.status).toBe(409);
    const openRow = await cycleRow(open);
    expect(early.body).toContain(
      html(t("admin.cycle.beforeCutoff", { cutoff: formatHkAdminTime(openRow!.cutoffAt) })),
    );
    expect(await cycleRow(open)).toMatchObject({ status: "open" });

    const cycle = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, cycle);
    const waiting = await paidOrder(database.db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: week.points.plain.id,
      status: "pending_payment",
      lines: [{ product: week.products.met, quantity: 1 }],
    });
    const detail = await send("admin", "GET", `/admin/deadline/${cycle.id}`);
    expect(detail.body).toContain("立即結算");
    const pending = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "settle" });
    expect(pending.status).toBe(409);
    expect(pending.body).toContain("尚有 1 張訂單等待付款");
    expect(await creditsOf(cycle.id)).toEqual({ cents: 0, n: 0 });

    await database.db.update(orders).set({ status: "expired" }).where(eq(orders.id, waiting.id));
    const settled = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "settle" });
    expect(settled.status).toBe(302);
    expect(settled.headers.location).toBe(`/admin/deadline/${cycle.id}/report`);
    // Group $85.80 + limited $240.00 + delivery $10.00 + referral $19.50 (5% of $195.00 items, each side).
    expect(await toastOf(settled)).toEqual({
      kind: "success",
      key: "admin.cycle.settled",
      params: { orders: 3, members: 3, amount: "$355.30" },
    });
    expect(await cycleRow(cycle.id)).toMatchObject({ status: "settled", settledBy: admin.id });
    expect(await creditsOf(cycle.id)).toEqual({ cents: 35_530, n: 8 });
    const balance = await balanceOf(week.members.second.id);

    const twice = await send("admin", "POST", `/admin/deadline/${cycle.id}`, { intent: "settle" });
    expect(twice.status).toBe(302);
    const settledAt = (await cycleRow(cycle.id))!.settledAt!;
    expect(await toastOf(twice)).toEqual({
      kind: "info",
      key: "admin.cycle.alreadySettled",
      params: { time: formatHkAdminTime(settledAt) },
    });
    expect(await creditsOf(cycle.id)).toEqual({ cents: 35_530, n: 8 });
    expect(await balanceOf(week.members.second.id)).toBe(balance);
    const settles = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order_cycle.settle"), eq(auditLog.entityId, String(cycle.id))));
    expect(settles).toHaveLength(1);
    expect(settles[0]).toMatchObject({ actorId: admin.id, after: { creditedCents: 35_530 } });

    const after = await send("admin", "GET", `/admin/deadline/${cycle.id}`);
    expect(after.body).toContain("已結算");
    expect(after.body).not.toContain("立即結算");
  });

  it("reports per product and per reason, with totals that add up, paged and for print", async () => {
    const cycle = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, cycle);
    await database.services.cycles.settlement.settleCycle(cycle.id, { actorId: admin.id });

    const report = await send("admin", "GET", `/admin/deadline/${cycle.id}/report`);
    expect(report.status).toBe(200);
    expect(report.body).toMatch(/data-testid="credited-total"[^>]*>\$355\.30</);
    for (const amount of ["$1,070.00", "$1,090.50", "$735.20", "$85.80", "$240.00", "$10.00", "$19.50"]) {
      expect(report.body, amount).toContain(amount);
    }
    expect(report.body).toContain(
      html(
        t("admin.report.check", {
          lines: "$325.80",
          delivery: "$10.00",
          referral: "$19.50",
          total: "$355.30",
        }),
      ),
    );
    for (const product of Object.values(week.products)) expect(report.body).toContain(product.name);
    expect(report.body).toContain("成團");
    expect(report.body).toContain("未成團");

    const paged = await send("admin", "GET", `/admin/deadline/${cycle.id}/report?pageSize=20&page=0`);
    expect(paged.status).toBe(200);
    const print = await send("admin", "GET", `/admin/deadline/${cycle.id}/report?print=1`);
    expect(print.status).toBe(200);
    expect(print.body).toContain(t("admin.report.pagedView"));
    expect((await send("admin", "GET", "/admin/deadline/999999/report")).status).toBe(404);
  });
});

describe("the weekly order (/admin/weekly-order)", () => {
  async function settledWeek() {
    const cycle = await closedCycle(database.db, MINUTES_AGO);
    const week = await busyWeek(database.db, cycle);
    await database.services.cycles.settlement.settleCycle(cycle.id);
    const lines = await database.services.cycles.weeklyOrder.weighingLines(cycle.id, {
      productId: null,
      unweighed: false,
      paging: "all",
    });
    const [firstLine, secondLine] = lines.rows;
    const packed = await database.services.cycles.weeklyOrder.packingLists(cycle.id, {
      pointId: null,
      paging: "all",
    });
    const pieceLine = packed.rows
      .flatMap((order) => order.lines)
      .find((line) => line.name === week.products.pieces.name);
    return { cycle, week, firstLine: firstLine!, secondLine: secondLine!, pieceLine: pieceLine! };
  }

  /** The weighing form of a page with these lines; `only` is the row whose button was pressed. */
  function weighing(cycleId: number, lines: [lineId: number, weight: string][], only?: number) {
    const form: Record<string, string> = { cycle: String(cycleId) };
    if (only !== undefined) form.only = String(only);
    lines.forEach(([lineId, weight], index) => {
      form[`lines[${index}].lineId`] = String(lineId);
      if (weight) form[`lines[${index}].weight`] = weight;
    });
    return send("admin", "POST", `/admin/weekly-order/weighing?cycle=${cycleId}`, form);
  }

  it("shows product totals, packing lists and purchase lists of a cycle", async () => {
    const { cycle, week } = await settledWeek();
    const products = await send("admin", "GET", `/admin/weekly-order?cycle=${cycle.id}`);
    expect(products.status).toBe(200);
    for (const product of Object.values(week.products)) expect(products.body).toContain(product.name);
    expect(products.body).toContain("成團");
    const packing = await send("admin", "GET", `/admin/weekly-order/packing?cycle=${cycle.id}`);
    expect(packing.body).toContain(week.orders.refereeOrder.pickupCode);
    expect(packing.body).toContain(week.members.second.phone);
    expect(packing.body).toContain("觀塘站");
    const onePoint = await send(
      "admin",
      "GET",
      `/admin/weekly-order/packing?cycle=${cycle.id}&point=${week.points.plain.id}&print=1`,
    );
    expect(onePoint.body).toContain(week.orders.refereeOrder.pickupCode);
    expect(onePoint.body).not.toContain(week.orders.firstOrder.pickupCode);
    const purchase = await send("admin", "GET", `/admin/weekly-order/purchase?cycle=${cycle.id}`);
    expect(purchase.body).toContain("肉檔甲");
    expect(purchase.body).toContain("菜檔乙");
    expect(purchase.body).not.toContain(week.products.limited.name);
    expect((await send("admin", "GET", "/admin/weekly-order?cycle=999999")).status).toBe(404);
    expect((await send("admin", "GET", "/admin/weekly-order/packing?cycle=999999")).status).toBe(404);
    expect((await send("admin", "GET", "/admin/weekly-order/nothing")).status).toBe(404);
  });

  it("sends the former ?view= addresses to each view's own address", async () => {
    const { cycle } = await settledWeek();
    const moved: [from: string, to: string][] = [
      [`/admin/weekly-order?cycle=${cycle.id}&view=products`, `/admin/weekly-order?cycle=${cycle.id}`],
      [
        `/admin/weekly-order?cycle=${cycle.id}&view=packing&page=2`,
        `/admin/weekly-order/packing?cycle=${cycle.id}&page=2`,
      ],
      [
        `/admin/weekly-order?view=purchase&cycle=${cycle.id}`,
        `/admin/weekly-order/purchase?cycle=${cycle.id}`,
      ],
      [
        `/admin/weekly-order?cycle=${cycle.id}&view=weighing&print=1`,
        `/admin/weekly-order/weighing?cycle=${cycle.id}&print=1`,
      ],
      [`/admin/weekly-order?view=secret`, "/admin/weekly-order"],
    ];
    for (const [from, to] of moved) {
      const response = await send("admin", "GET", from);
      expect(response.status, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
  });

  it("weighs a line with a toast of the credit, and refuses bad weights in zh-HK", async () => {
    const { cycle, week, firstLine, secondLine, pieceLine } = await settledWeek();
    const first = week.members.first.id;
    const balance = await balanceOf(first);
    const page = await send("admin", "GET", `/admin/weekly-order/weighing?cycle=${cycle.id}`);
    expect(page.body).toContain(`value="${firstLine.id}"`);
    expect(page.body).not.toContain(`value="${pieceLine.id}"`);

    const refusals: [lines: [number, string][], status: number, message: string][] = [
      [[[firstLine.id, "-1"]], 400, "重量必須大於 0"],
      [[[firstLine.id, "1.2345"]], 400, "重量最多 3 位小數"],
      [[[firstLine.id, "abc"]], 400, "必須為數字"],
      [[[pieceLine.id, "1"]], 409, "此貨品以件計算，不需秤重"],
      [[[firstLine.id, "31"]], 409, "重量超過預計（3 斤）的 10 倍，請檢查是否輸入錯誤"],
    ];
    for (const [lines, status, message] of refusals) {
      const response = await weighing(cycle.id, lines, lines[0]![0]);
      expect(response.status, message).toBe(status);
      expect(response.body, message).toContain(message);
    }
    const missing = await weighing(cycle.id, [[firstLine.id, ""]], firstLine.id);
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("請輸入實際重量");
    expect(await balanceOf(first)).toBe(balance);

    // 2 × 1.5 斤 charged $150.00; 2.7 斤 weighed: $135.00, $15.00 back.
    const weighed = await weighing(
      cycle.id,
      [
        [firstLine.id, "2.7"],
        [secondLine.id, "1"],
      ],
      firstLine.id,
    );
    expect(weighed.status).toBe(302);
    expect(weighed.headers.location).toBe(`/admin/weekly-order/weighing?cycle=${cycle.id}`);
    expect(await toastOf(weighed)).toEqual({
      kind: "success",
      key: "admin.weigh.toast.one",
      params: { amount: "$15.00" },
    });
    expect(await balanceOf(first)).toBe(balance + 1_500);
    const weights = await database.db
      .select({ id: orderLines.id, weight: orderLines.actualWeight })
      .from(orderLines)
      .where(eq(orderLines.productId, week.products.weighed.id));
    // Only the pressed row was weighed.
    expect(Object.fromEntries(weights.map((row) => [row.id, row.weight]))).toEqual({
      [firstLine.id]: 2.7,
      [secondLine.id]: null,
    });

    const heavier = await weighing(cycle.id, [[firstLine.id, "2.9"]], firstLine.id);
    expect(heavier.status).toBe(409);
    expect(heavier.body).toContain("已按較輕的重量退回 dDollar，不能改為較重的重量");

    const unpaid = await paidOrder(database.db, {
      cycleId: cycle.id,
      memberId: member.id,
      pickupPointId: week.points.plain.id,
      status: "pending_payment",
      lines: [{ product: week.products.weighed, quantity: 1 }],
    });
    const [unpaidLine] = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, unpaid.id));
    const notPaid = await weighing(cycle.id, [[unpaidLine!.id, "1"]], unpaidLine!.id);
    expect(notPaid.status).toBe(409);
    expect(notPaid.body).toContain("此訂單未付款或已取消，不能秤重");
    expect(await balanceOf(first)).toBe(balance + 1_500);
  });

  it("weighs several lines in one form and reports each result", async () => {
    const { cycle, week, firstLine, secondLine } = await settledWeek();
    const nothing = await weighing(cycle.id, [
      [firstLine.id, ""],
      [secondLine.id, ""],
    ]);
    expect(nothing.status).toBe(400);
    expect(nothing.body).toContain("請最少輸入一項重量");

    // One good (2.6 斤: $20.00 back), one too heavy for its 1.5 斤.
    const partial = await weighing(cycle.id, [
      [firstLine.id, "2.6"],
      [secondLine.id, "16"],
    ]);
    expect(partial.status).toBe(409);
    expect(partial.body).toContain(html(t("admin.weigh.partial", { done: 1, amount: "$20.00", failed: 1 })));
    expect(partial.body).toContain("已記錄 2.6 斤，退回 $20.00 dDollar");
    expect(partial.body).toContain("重量超過預計（1.5 斤）的 10 倍");
    // Group $44.00, delivery $5.00, the referrer's 5% of the referee's $195.00 items, the weighing.
    expect(await balanceOf(week.members.first.id)).toBe(4_400 + 500 + 975 + 2_000);

    // 1.2 斤 of 1.5: $15.00 back; the first line again at 2.6 changes nothing.
    const bulk = await weighing(cycle.id, [
      [firstLine.id, "2.6"],
      [secondLine.id, "1.2"],
    ]);
    expect(bulk.status).toBe(302);
    expect(await toastOf(bulk)).toEqual({
      kind: "success",
      key: "admin.weigh.toast.many",
      params: { count: 2, amount: "$15.00" },
    });
    expect(await balanceOf(week.members.second.id)).toBe(2_200 + 24_000 + 500 + 1_500);
    const report = await database.services.cycles.report.cycleReport(cycle.id, "all");
    expect(report?.totals.credits.find((credit) => credit.reason === "weight_refund")).toMatchObject({
      records: 2,
      cents: 3_500,
    });
  });

  it("downloads the views as CSV and as one XLSX workbook that read back", async () => {
    const { cycle, week } = await settledWeek();
    const csv = await send("admin", "GET", `/admin/weekly-order/export.csv?cycle=${cycle.id}&view=products`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="weekly-order-${cycle.id}-products.csv"`,
    );
    expect(csv.body.startsWith(CSV_BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(csv.body.slice(CSV_BOM.length), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]?.slice(0, 5)).toEqual(["產品", "模式", "商戶", "單位", "數量"]);
    expect(parsed.data.slice(1).map((row) => [row[0], row[4], row[7]])).toContainEqual([
      week.products.met.name,
      "4",
      "成團",
    ]);
    const purchase = await send(
      "admin",
      "GET",
      `/admin/weekly-order/export.csv?cycle=${cycle.id}&view=purchase`,
    );
    const purchaseRows = Papa.parse<string[]>(purchase.body.slice(CSV_BOM.length), {
      skipEmptyLines: true,
    }).data;
    const merchantColumn = purchaseRows.slice(1).map((row) => row[0]);
    expect(merchantColumn.at(-1)).toBe("未指定商戶");
    expect([...merchantColumn].sort()).toEqual(["未指定商戶", "肉檔甲", "肉檔甲", "菜檔乙"].sort());
    expect(
      (await send("admin", "GET", `/admin/weekly-order/export.csv?cycle=${cycle.id}&view=secret`)).status,
    ).toBe(400);
    expect(
      (await send("admin", "GET", "/admin/weekly-order/export.csv?cycle=999999&view=products")).status,
    ).toBe(404);

    const xlsx = await fetch(`${server.url}/admin/weekly-order/export.xlsx?cycle=${cycle.id}`, {
      headers: { cookie: cookies.admin! },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ["貨品總數", 6],
      ["自取點執貨單", 8],
      ["商戶採購單", 5],
    ]);
    const packing = workbook.getWorksheet("自取點執貨單")!;
    expect(packing.getRow(2).getCell(3).value).toBe(week.orders.firstOrder.pickupCode);
  });
});
