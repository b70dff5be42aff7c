import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { calendarBounds, periodKeyOf } from "~/domain/reports/periods.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { ownersWeek } from "../../../tests/integration/owner-fixtures.ts";

const database = setupTestDatabase();

beforeAll(async () => {
  await ownersWeek(database.db, database.services);
});

afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

async function one(text: string, values: unknown[] = []): Promise<number> {
  const result = await database.pool.query(text, values);
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

describe("the store credit the shop owes (issue 46 item 2)", () => {
  it("is the sum of the members' balances and of the ledger", async () => {
    const owed = await database.services.reports.storeCredit.outstanding();
    const balances = await one("select coalesce(sum(d_dollar_cents), 0) from members");
    const ledger = await one("select coalesce(sum(amount_cents), 0) from dollar_ledger");
    expect(balances).toBeGreaterThan(0);
    expect(owed).toEqual({
      balancesCents: balances,
      ledgerCents: ledger,
      holders: await one("select count(*) from members where d_dollar_cents > 0"),
    });
    expect(owed.balancesCents).toBe(owed.ledgerCents);
  });

  it("gives each week and month what was issued by reason, spent and adjusted, and a running figure", async () => {
    const { storeCredit } = database.services.reports;
    for (const kind of ["week", "month"] as const) {
      const key = periodKeyOf(kind, new Date());
      const periods = await storeCredit.periods(kind, key, 3);
      expect(periods.map((period) => period.key).at(-1)).toBe(key);
      for (const period of periods) {
        const { from, to } = calendarBounds(kind, period.key);
        const sum = (reasons: string[]) =>
          one(
            `select coalesce(sum(amount_cents), 0) from dollar_ledger
             where created_at >= $1 and created_at < $2 and reason = any($3::text[])`,
            [from, to, reasons],
          );
        expect(period.openingCents).toBe(
          await one("select coalesce(sum(amount_cents), 0) from dollar_ledger where created_at < $1", [from]),
        );
        expect(period.closingCents).toBe(
          await one("select coalesce(sum(amount_cents), 0) from dollar_ledger where created_at < $1", [to]),
        );
        expect(period.spentCents).toBe(await sum(["order_payment", "order_release"]));
        expect(period.adjustedCents).toBe(await sum(["admin_adjustment"]));
        for (const issued of period.issued)
          expect(issued.cents, issued.reason).toBe(await sum([issued.reason]));
      }
      const now = periods.at(-1)!;
      // This week's records are the fixture's: credits, a $30.00 spend, a $50.00 gift.
      expect(now.spentCents).toBe(-3_000);
      expect(now.adjustedCents).toBe(5_000);
      expect(now.issued.find((row) => row.reason === "duplicate_payment_refund")?.cents).toBe(12_345);
      expect(now.closingCents).toBe((await storeCredit.outstanding()).ledgerCents);
    }
  });

  it("lists the members who hold it, largest first, a page at a time", async () => {
    const holders = await database.services.reports.storeCredit.holders(0);
    expect(holders.total).toBe(await one("select count(*) from members where d_dollar_cents <> 0"));
    expect(holders.rows.reduce((sum, row) => sum + row.cents, 0)).toBe(
      await one("select coalesce(sum(d_dollar_cents), 0) from members"),
    );
    const amounts = holders.rows.map((row) => row.cents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect((await database.services.reports.storeCredit.holders(99)).page).toBe(0);
  });
});
