import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog, orderLines, orders } from "~/db/schema/index.ts";
import { CSV_BOM } from "~/domain/shared/csv.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { busyWeek } from "../../../tests/integration/group-buying-fixtures.ts";
import { closedCycle } from "../../../tests/integration/settlement-fixtures.ts";

const database = setupTestDatabase();

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function settledWeek() {
  const cycle = await closedCycle(database.db);
  const week = await busyWeek(database.db, cycle);
  const settled = await database.services.cycles.settlement.settleCycle(cycle.id);
  if (settled.status === "refused") throw new Error(`not settled: ${settled.reason}`);
  return { cycle, week };
}

describe("the weekly order (issue 6 item 6)", () => {
  it("totals each product: quantity still to deliver, buyers, group, estimated and weighed weight", async () => {
    const { cycle, week } = await settledWeek();
    const service = database.services.cycles.weeklyOrder;
    const { met, missed, limited, weighed, pieces } = week.products;
    const totals = await service.productTotals(cycle.id);
    expect(
      Object.fromEntries(
        totals.map((row) => [
          row.productId,
          [row.quantity, row.buyers, row.targetBuyers, row.status, row.estimatedWeight, row.merchantName],
        ]),
      ),
    ).toEqual({
      [met.id]: [4, 3, 2, "met", null, "肉檔甲"],
      [missed.id]: [1, 1, 3, "missed", null, "肉檔甲"],
      // The limited group missed: its line is cancelled, nothing to deliver.
      [limited.id]: [0, 1, 2, "missed", null, "菜檔乙"],
      [weighed.id]: [3, 2, null, "instock", 4.5, "菜檔乙"],
      [pieces.id]: [3, 1, null, "instock", null, null],
    });
    const [line] = (
      await service.weighingLines(cycle.id, { productId: weighed.id, unweighed: false, paging: "all" })
    ).rows;
    await database.services.cycles.settlement.weighLine(line!.id, 2.7);
    const after = (await service.productTotals(cycle.id)).find((row) => row.productId === weighed.id);
    expect(after).toMatchObject({ weighedWeight: 2.7, weightLines: 2, weighedLines: 1 });
  });

  it("makes purchase lists per merchant, without what is not to be bought", async () => {
    const { cycle, week } = await settledWeek();
    const lists = await database.services.cycles.weeklyOrder.purchaseLists(cycle.id);
    const byMerchant = Object.fromEntries(
      lists.map((list) => [list.merchantName ?? "none", list.products.map((product) => product.name)]),
    );
    expect(byMerchant).toEqual({
      肉檔甲: [week.products.met.name, week.products.missed.name],
      菜檔乙: [week.products.weighed.name],
      none: [week.products.pieces.name],
    });
    expect(lists.at(-1)?.merchantName).toBeNull();
  });

  it("makes packing lists per pickup point with each member's phone, lines and pickup code", async () => {
    const { cycle, week } = await settledWeek();
    const service = database.services.cycles.weeklyOrder;
    const all = await service.packingLists(cycle.id, { pointId: null, paging: "all" });
    expect(all.total).toBe(3);
    expect(all.rows.map((order) => [order.pointName, order.memberName, order.phone])).toEqual([
      ["觀塘站", "陳大文", week.members.first.phone],
      ["觀塘站", "李小明", week.members.second.phone],
      ["牛頭角站", "張三", week.members.referee.phone],
    ]);
    expect(all.rows[0]?.pickupCode).toBe(week.orders.firstOrder.pickupCode);
    // The missed limited line is not packed.
    expect(all.rows[1]?.lines.map((line) => [line.name, line.quantity, line.estimatedWeight])).toEqual([
      [week.products.met.name, 1, null],
      [week.products.weighed.name, 1, 1.5],
    ]);
    const plain = await service.packingLists(cycle.id, { pointId: week.points.plain.id, paging: "all" });
    expect(plain.rows.map((order) => order.memberName)).toEqual(["張三"]);
    const paged = await service.packingLists(cycle.id, { pointId: null, paging: { page: 1, pageSize: 2 } });
    expect([paged.total, paged.page, paged.rows.length]).toEqual([3, 1, 1]);
    expect((await service.pointsInCycle(cycle.id)).map((point) => point.name)).toEqual([
      "觀塘站",
      "牛頭角站",
    ]);
  });

  it("weighs lines one by one, reports each refusal, credits the rest and audits them", async () => {
    const { cycle, week } = await settledWeek();
    const service = database.services.cycles.weeklyOrder;
    const lines = await service.weighingLines(cycle.id, { productId: null, unweighed: true, paging: "all" });
    expect(lines.rows.map((row) => [row.memberName, row.estimatedWeight])).toEqual([
      ["陳大文", 3],
      ["李小明", 1.5],
    ]);
    const [first, second] = lines.rows;
    const packed = await service.packingLists(cycle.id, { pointId: week.points.plain.id, paging: "all" });
    const pieceLine = packed.rows[0]!.lines.find((line) => line.name === week.products.pieces.name)!;
    const admin = week.members.first.id;

    const results = await service.weigh(admin, [
      { lineId: first!.id, weight: 2.7 },
      { lineId: pieceLine.id, weight: 1 },
      { lineId: second!.id, weight: 16 },
      { lineId: second!.id, weight: 1.2 },
    ]);
    expect(results.map((entry) => entry.result)).toEqual([
      { status: "weighed", creditedCents: 1_500 },
      { status: "refused", reason: "notWeighed" },
      { status: "refused", reason: "tooHeavy" },
      { status: "weighed", creditedCents: 1_500 },
    ]);
    const again = await service.weigh(admin, [{ lineId: first!.id, weight: 2.9 }]);
    expect(again[0]?.result).toEqual({ status: "refused", reason: "wouldTakeBack" });

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "order_line.weigh"))
      .orderBy(auditLog.id);
    expect(audit.map((entry) => entry.after)).toEqual([
      { actualWeight: 2.7, creditedCents: 1_500 },
      { actualWeight: 1.2, creditedCents: 1_500 },
    ]);
    expect(
      (await service.weighingLines(cycle.id, { productId: null, unweighed: true, paging: "all" })).total,
    ).toBe(0);
  });

  it("leaves out orders not paid, and defaults to the latest cycle with paid orders", async () => {
    const { db, services } = database;
    const { cycle } = await settledWeek();
    const later = await closedCycle(db, 1);
    expect(await services.cycles.weeklyOrder.latestCycleWithOrders()).toBe(cycle.id);
    const week = await busyWeek(db, later);
    await db
      .update(orders)
      .set({ status: "pending_payment" })
      .where(eq(orders.id, week.orders.secondOrder.id));
    expect(await services.cycles.weeklyOrder.latestCycleWithOrders()).toBe(later.id);
    expect(await services.cycles.weeklyOrder.summary(later.id)).toMatchObject({
      paidOrders: 2,
      pendingOrders: 1,
      members: 2,
    });
    const packed = await services.cycles.weeklyOrder.packingLists(later.id, { pointId: null, paging: "all" });
    expect(packed.rows.map((order) => order.memberName)).toEqual(["陳大文", "張三"]);
  });
});

describe("the weekly order's files", () => {
  it("writes each view as spreadsheet-safe CSV that parses back", async () => {
    const { cycle, week } = await settledWeek();
    const csv = await database.services.cycles.weeklyOrderExport.csv(cycle.id, "packing");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(CSV_BOM.length), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header?.slice(0, 7)).toEqual(["自取點", "地區", "取貨碼", "訂單編號", "會員", "電話", "產品"]);
    // Seven lines still to pack: 3 + 2 (the limited one is cancelled) + 2.
    expect(rows).toHaveLength(7);
    expect(rows[0]?.slice(0, 9)).toEqual([
      "觀塘站",
      week.district.name,
      week.orders.firstOrder.pickupCode,
      week.orders.firstOrder.number,
      "陳大文",
      week.members.first.phone,
      week.products.met.name,
      "2",
      "件",
    ]);
  });

  it("keeps a formula-like product name as text in the CSV", async () => {
    const { db, services } = database;
    const cycle = await closedCycle(db);
    const week = await busyWeek(db, cycle);
    await db
      .update(orderLines)
      .set({ name: '=HYPERLINK("http://evil")' })
      .where(eq(orderLines.productId, week.products.pieces.id));
    const csv = await services.cycles.weeklyOrderExport.csv(cycle.id, "products");
    const rows = Papa.parse<string[]>(csv.slice(CSV_BOM.length), { skipEmptyLines: true }).data;
    expect(rows.map((row) => row[0])).toContain('\'=HYPERLINK("http://evil")');
  });

  it("writes an XLSX workbook with one sheet per view that exceljs reads back", async () => {
    const { cycle, week } = await settledWeek();
    const bytes = await database.services.cycles.weeklyOrderExport.xlsx(cycle.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "貨品總數",
      "自取點執貨單",
      "商戶採購單",
    ]);
    const products = workbook.getWorksheet("貨品總數")!;
    expect(products.rowCount).toBe(6);
    expect(products.getRow(1).getCell(1).value).toBe("產品");
    const salmon = products.getRows(2, 5)!.find((row) => row.getCell(1).value === week.products.weighed.name);
    // Numbers stay numbers: quantity 3, 4.5 斤 estimated.
    expect(salmon?.getCell(5).value).toBe(3);
    expect(salmon?.getCell(9).value).toBe(4.5);
    expect(workbook.getWorksheet("自取點執貨單")!.rowCount).toBe(8);
    expect(workbook.getWorksheet("商戶採購單")!.rowCount).toBe(5);
  });
});
