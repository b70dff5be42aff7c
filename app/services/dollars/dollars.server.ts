/**
 * The dDollar ledger (DESIGN §4.10): append-only records whose sum is each member's balance, cached
 * on the member's row in the same transaction. Members read their own records with a running
 * balance; admins read everyone's and add or deduct with a reason; `npm run check:ledger` proves
 * that every cached balance still equals its records.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, like, type SQL, sql } from "drizzle-orm";
import { dollarLedger, type LedgerReason, members, orderLines, orders } from "~/db/schema/index.ts";
import { LEDGER_PAGE_SIZE } from "~/domain/dollars/ledger-reasons.ts";
import { queueCreditNotice } from "../shared/credit-notices.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { writeLedgerEntry } from "./ledger.server.ts";

export interface LedgerMismatch {
  memberId: string;
  phone: string;
  cachedCents: number;
  recordsCents: number;
}

export type AdjustRefusal = "unknownMember" | "insufficient";

export interface LedgerReferenceFault {
  recordId: number;
  orderId: number | null;
  orderLineId: number | null;
}

export function createDollarService({ db }: ServiceDeps) {
  /** The member's balance right after a record: the sum of their records up to and including it. */
  const runningBalance = sql<number>`(select sum(earlier.amount_cents) from ${dollarLedger} earlier
    where earlier.member_id = ${dollarLedger.memberId}
      and (earlier.created_at, earlier.id) <= (${dollarLedger.createdAt}, ${dollarLedger.id}))::int`;
  /** A record as the member's and the admin's lists show it (its order joined in), after who it is for. */
  const recordColumns = {
    amountCents: dollarLedger.amountCents,
    reason: dollarLedger.reason,
    note: dollarLedger.note,
    createdAt: dollarLedger.createdAt,
    orderNumber: orders.number,
    balanceCents: runningBalance,
  };
  /** The lists' order: newest first, the later record first within the same moment. */
  const newestFirst = [desc(dollarLedger.createdAt), desc(dollarLedger.id)] as const;

  async function ledgerMismatches(): Promise<LedgerMismatch[]> {
    const rows = await db.execute<{
      member_id: string;
      phone: string;
      cached_cents: number;
      records_cents: number;
    }>(sql`
      select m.id as member_id, m.phone, m.d_dollar_cents as cached_cents,
        coalesce(l.total, 0)::int as records_cents
      from ${members} m
      left join (select member_id, sum(amount_cents) as total from ${dollarLedger} group by member_id) l
        on l.member_id = m.id
      where m.d_dollar_cents <> coalesce(l.total, 0)
      order by m.phone`);
    return rows.rows.map((row) => ({
      memberId: row.member_id,
      phone: row.phone,
      cachedCents: Number(row.cached_cents),
      recordsCents: Number(row.records_cents),
    }));
  }

  async function ledgerReferenceFaults(): Promise<LedgerReferenceFault[]> {
    const { rows } = await db.execute<{
      id: number;
      order_id: number | null;
      order_line_id: number | null;
    }>(sql`
      select d.id, d.order_id, d.order_line_id
      from ${dollarLedger} d
      left join ${orders} o on o.id = d.order_id
      left join ${orderLines} l on l.id = d.order_line_id
      where (d.order_id is not null and o.id is null)
        or (d.order_line_id is not null and (l.id is null or l.order_id is distinct from d.order_id))
      order by d.id`);
    return rows.map((row) => ({
      recordId: Number(row.id),
      orderId: row.order_id === null ? null : Number(row.order_id),
      orderLineId: row.order_line_id === null ? null : Number(row.order_line_id),
    }));
  }

  return {
    /** Members whose cached balance differs from the sum of their records (none, always). */
    ledgerMismatches,

    /**
     * Records whose order or line does not exist, or whose line belongs to another order (none,
     * always). The ledger has no foreign keys to orders and lines (decision 0018): this checks them.
     */
    ledgerReferenceFaults,

    /** What `npm run check:ledger` checks: both of the above, each empty when all is well. */
    async checkLedger(): Promise<{ balances: LedgerMismatch[]; references: LedgerReferenceFault[] }> {
      const [balances, references] = await Promise.all([ledgerMismatches(), ledgerReferenceFaults()]);
      return { balances, references };
    },

    /** A member's records, newest first, each with the balance right after it (SPEC /account/dollar). */
    async memberRecords(memberId: string, page = 1) {
      const where = eq(dollarLedger.memberId, memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: dollarLedger.id, ...recordColumns })
          .from(dollarLedger)
          .leftJoin(orders, eq(orders.id, dollarLedger.orderId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(LEDGER_PAGE_SIZE)
          .offset((page - 1) * LEDGER_PAGE_SIZE),
        db.select({ n: count() }).from(dollarLedger).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every record for /admin/dollar, by phone (or its first digits) and reason, newest first. */
    async allRecords(filters: { q: string; reason?: LedgerReason; page: number; pageSize: number }) {
      const conditions: SQL[] = [];
      const digits = filters.q.replace(/\D/g, "").replace(/^852(?=\d{8}$)/, "");
      if (digits) conditions.push(like(members.phone, `${digits}%`));
      if (filters.reason) conditions.push(eq(dollarLedger.reason, filters.reason));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: dollarLedger.id,
            memberId: dollarLedger.memberId,
            phone: members.phone,
            name: sql<string>`${members.lastName} || ${members.firstName}`,
            ...recordColumns,
          })
          .from(dollarLedger)
          .innerJoin(members, eq(members.id, dollarLedger.memberId))
          .leftJoin(orders, eq(orders.id, dollarLedger.orderId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(filters.pageSize)
          .offset(filters.page * filters.pageSize),
        db
          .select({ n: count() })
          .from(dollarLedger)
          .innerJoin(members, eq(members.id, dollarLedger.memberId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A member's cached balance, found by id or phone (null when there is no such member). */
    async balanceOf(member: { id: string } | { phone: string }): Promise<number | null> {
      const [row] = await db
        .select({ balance: members.dDollarCents })
        .from(members)
        .where("id" in member ? eq(members.id, member.id) : eq(members.phone, member.phone));
      return row?.balance ?? null;
    },

    /**
     * An admin adds (positive) or deducts (negative) dDollar by member id or phone, with a note.
     * The member's row is locked, so a deduction never takes the balance below 0 even while
     * settlement or checkout changes it; the form's key makes a double submit one record.
     */
    async adjust(input: {
      member: { id: string } | { phone: string };
      amountCents: number;
      note: string;
      adminId: string;
      key?: string;
      now?: Date;
    }): Promise<{ status: "adjusted"; balanceCents: number } | { status: "refused"; reason: AdjustRefusal }> {
      const now = input.now ?? new Date();
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: members.id, balance: members.dDollarCents })
          .from(members)
          .where(
            "id" in input.member ? eq(members.id, input.member.id) : eq(members.phone, input.member.phone),
          )
          .for("update");
        if (!member) return { status: "refused", reason: "unknownMember" };
        if (member.balance + input.amountCents < 0) return { status: "refused", reason: "insufficient" };
        const key = `admin:${input.key ?? randomUUID()}`;
        const written = await writeLedgerEntry(tx, {
          memberId: member.id,
          amountCents: input.amountCents,
          reason: "admin_adjustment",
          adminId: input.adminId,
          note: input.note,
          key,
          now,
        });
        // Issue 47 item 4: money added is told, by the credit-sms job after the commit.
        if (written > 0) {
          await queueCreditNotice(tx, {
            batch: `adjust:${key}`,
            memberId: member.id,
            kind: "adjustment",
            cents: written,
            now,
          });
        }
        return { status: "adjusted", balanceCents: member.balance + written };
      });
    },
  };
}
