/**
 * The store credit the shop owes (issue 46 item 2): the total outstanding (the members' cached
 * balances, and the ledger they are the sum of), what each week or month issued by reason, spent and
 * adjusted with the running figure, and the members who hold it.
 */
import { and, count, desc, gte, lt, ne, sql } from "drizzle-orm";
import { dollarLedger, members } from "~/db/schema/index.ts";
import { type CalendarKind, calendarBounds, periodLabel, periodsUpTo } from "~/domain/reports/periods.ts";
import { type CreditPeriod, creditPeriod } from "~/domain/reports/store-credit.ts";
import { clampPage } from "~/domain/shared/admin-table.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { cents } from "./sales-figures.server.ts";

const HOLDERS_PAGE_SIZE = 50;

export function createStoreCredit({ db }: ServiceDeps) {
  async function ledgerBefore(instant: Date): Promise<number> {
    const [row] = await db
      .select({ cents: cents(sql`sum(${dollarLedger.amountCents})`) })
      .from(dollarLedger)
      .where(lt(dollarLedger.createdAt, instant));
    return row?.cents ?? 0;
  }

  return {
    /**
     * What the shop owes now, read two ways that must agree, and how many members hold it: one
     * statement, so both readings see the same moment even while members spend.
     */
    async outstanding() {
      const result = await db.execute<{ balances: string; ledger: string; holders: number }>(sql`select
        (select coalesce(sum(${members.dDollarCents}), 0) from ${members})::bigint as balances,
        (select coalesce(sum(${dollarLedger.amountCents}), 0) from ${dollarLedger})::bigint as ledger,
        (select count(*) from ${members} where ${members.dDollarCents} > 0)::int as holders`);
      const row = result.rows[0];
      return {
        balancesCents: Number(row?.balances ?? 0),
        ledgerCents: Number(row?.ledger ?? 0),
        holders: Number(row?.holders ?? 0),
      };
    },

    /** The `count` weeks or months up to `key`, oldest first, each from its opening to its closing figure. */
    async periods(kind: CalendarKind, key: string, periodCount = 8): Promise<CreditPeriod[]> {
      const keys = periodsUpTo(kind, key, periodCount);
      const first = calendarBounds(kind, keys[0]!).from;
      const last = calendarBounds(kind, keys[keys.length - 1]!).to;
      const format = kind === "week" ? "YYYY-MM-DD" : "YYYY-MM";
      const [opening, rows] = await Promise.all([
        ledgerBefore(first),
        // Each record in its Hong Kong week (Monday first, as date_trunc counts) or month.
        db
          .select({
            key: sql<string>`to_char(date_trunc(${sql.raw(kind === "week" ? "'week'" : "'month'")}, ${dollarLedger.createdAt} at time zone 'Asia/Hong_Kong'), ${format})`,
            reason: dollarLedger.reason,
            cents: cents(sql`sum(${dollarLedger.amountCents})`),
          })
          .from(dollarLedger)
          .where(and(gte(dollarLedger.createdAt, first), lt(dollarLedger.createdAt, last)))
          .groupBy(sql`1`, dollarLedger.reason),
      ]);
      let running = opening;
      return keys.map((each) => {
        const mine = rows.filter((row) => row.key === each);
        const period = creditPeriod({
          key: each,
          label: periodLabel(kind, each),
          openingCents: running,
          byReason: mine,
        });
        running = period.closingCents;
        return period;
      });
    },

    /** The members holding dDollar (or owing it, should a balance ever be negative), largest first. */
    async holders(page: number) {
      const held = ne(members.dDollarCents, 0);
      const [counted] = await db.select({ n: count() }).from(members).where(held);
      const total = counted?.n ?? 0;
      const shown = clampPage(page, total, HOLDERS_PAGE_SIZE);
      const rows = await db
        .select({
          id: members.id,
          phone: members.phone,
          name: sql<string>`${members.lastName} || ${members.firstName}`,
          cents: members.dDollarCents,
        })
        .from(members)
        .where(held)
        .orderBy(desc(members.dDollarCents), members.id)
        .limit(HOLDERS_PAGE_SIZE)
        .offset(shown * HOLDERS_PAGE_SIZE);
      return { rows, total, page: shown, pageSize: HOLDERS_PAGE_SIZE };
    },
  };
}
