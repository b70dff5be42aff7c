import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { members, orderLines } from "~/db/schema/index.ts";
import { periodKeyOf } from "~/domain/reports/periods.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { ownersWeek } from "../../../tests/integration/owner-fixtures.ts";

const database = setupTestDatabase();
let shop: Awaited<ReturnType<typeof ownersWeek>>;
let cardRefundCents = 0;

beforeAll(async () => {
  shop = await ownersWeek(database.db, database.services);
  // A name a spreadsheet would run as a formula, to prove it stays text.
  await database.db
    .update(members)
    .set({ lastName: '=HYPERLINK("http://x")', firstName: "" })
    .where(eq(members.id, shop.week.members.first.id));
  // Decision 0052: a line missing after settlement, refunded to the card: a refund of its own row.
  const admin = await createMember(database.db, { type: "admin" });
  const { firstOrder } = shop.week.orders;
  const [line] = await database.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, firstOrder.id), eq(orderLines.productId, shop.week.products.met.id)));
  const done = await database.services.pickup.missingLines.markLineMissing(admin.id, {
    orderId: firstOrder.id,
    lineId: line!.id,
    refundTo: "card",
    reason: "",
  });
  if (done.status !== "refunded" || done.refundTo !== "card") throw new Error(`not refunded: ${done.status}`);
  cardRefundCents = done.refundCents;
});

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function periodOf(kind: "cycle" | "month", key: string) {
  const found = await database.services.reports.sales.periods(kind, key, new Date());
  if (!found?.current) throw new Error("no period");
  return found.current;
}

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

describe("the accounting exports (issue 46 item 3)", () => {
  it("add up to the dashboard's figures for a cycle and a month", async () => {
    const { accounting: accountingExport, sales: salesDashboard, storeCredit } = database.services.reports;
    for (const period of [
      await periodOf("cycle", String(shop.cycle.id)),
      await periodOf("month", periodKeyOf("month", shop.cycle.cutoffAt)),
    ]) {
      const { sales } = await salesDashboard.figures(period);
      const payments = await accountingExport.sheet(period, "payments");
      const amount = payments.header.indexOf("金額（港元）");
      const fee = payments.header.indexOf("信用卡手續費（已含於金額）");
      const method = payments.header.indexOf("付款方法");
      const sumBy = (rows: unknown[][], column: number, filter: (row: unknown[]) => boolean = () => true) =>
        rows.filter(filter).reduce((total, row) => total + cents(row[column]), 0);
      expect(sumBy(payments.rows, amount)).toBe(sales.receivedCents);
      expect(sumBy(payments.rows, amount, (row) => row[method] === "PayMe")).toBe(
        sales.receipts.find((row) => row.method === "payme")!.paidCents,
      );
      expect(sumBy(payments.rows, fee)).toBeGreaterThan(0);
      const refunds = await accountingExport.sheet(period, "refunds");
      const credits = await accountingExport.sheet(period, "credits");
      const ledgerAmount = refunds.header.indexOf("金額（港元）");
      expect(sumBy(refunds.rows, ledgerAmount)).toBe(sales.refundedCents);
      const reason = refunds.header.indexOf("原因");
      expect(sumBy(refunds.rows, ledgerAmount, (row) => String(row[reason]).startsWith("退回信用卡"))).toBe(
        cardRefundCents,
      );
      expect(sumBy(credits.rows, ledgerAmount)).toBe(sales.creditedCents);
      const movements = await accountingExport.sheet(period, "movements");
      if (period.kind === "month") {
        const [month] = await storeCredit.periods("month", period.key, 1);
        expect(sumBy(movements.rows, ledgerAmount)).toBe(month!.closingCents - month!.openingCents);
      } else {
        const result = await database.pool.query(
          `select coalesce(sum(l.amount_cents), 0) as n from dollar_ledger l join orders o on o.id = l.order_id
           where o.cycle_id = $1`,
          [shop.cycle.id],
        );
        expect(sumBy(movements.rows, ledgerAmount)).toBe(Number(result.rows[0].n));
      }
    }
  });

  it("writes CSV a spreadsheet cannot run and XLSX with values, never formulas", async () => {
    const { accounting: accountingExport } = database.services.reports;
    const period = await periodOf("cycle", String(shop.cycle.id));
    const csv = await accountingExport.csv(period, "movements");
    expect(csv.startsWith("\uFEFF日期,訂單編號,會員電話,會員,貨品,原因,金額（港元）,備註\r\n")).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);

    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await accountingExport.xlsx(period));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "付款",
      "退款",
      "dDollar 變動",
      "結算回贈",
    ]);
    const sheet = workbook.getWorksheet("dDollar 變動")!;
    const values: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => values.push(cell.value)));
    expect(values).toContain('=HYPERLINK("http://x")');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    const rows = (await accountingExport.sheet(period, "movements")).rows;
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(2).getCell(7).value).toBe(rows[0]![6]);
  });
});
