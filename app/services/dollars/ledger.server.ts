/**
 * The only way into the dDollar ledger (DESIGN §4.10, issue 45 item 1). A record and the member's
 * cached balance move together, in the caller's transaction, once per idempotency key: a key used
 * before writes nothing and moves nothing, so "balance = Σ records" is kept here and nowhere else.
 * `npm run lint` (scripts/lint-writers.mjs) refuses a ledger or balance write outside this area.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { dollarLedger, members } from "~/db/schema/index.ts";
import type { LedgerReason } from "~/domain/dollars/ledger-reasons.ts";

export interface LedgerEntry {
  memberId: string;
  /** Signed cents: a credit is positive, a debit negative; zero writes nothing. */
  amountCents: number;
  reason: LedgerReason;
  /** Unique per effect (e.g. `order:12:release`): the second write of one effect changes nothing. */
  key: string;
  now: Date;
  orderId?: number | null;
  orderLineId?: number | null;
  /** The admin or staff member who made it. */
  adminId?: string | null;
  note?: string;
}

/**
 * Writes the entries and moves each member's balance by what was written. Returns the cents written
 * for each entry (0 for a zero amount or a key used before). A debit is the caller's to check against
 * the balance it read under the member's lock; the database refuses a balance below zero anyway.
 */
export async function writeLedger(tx: Tx, entries: readonly LedgerEntry[]): Promise<number[]> {
  const written: number[] = [];
  for (const entry of entries) {
    if (entry.amountCents === 0) {
      written.push(0);
      continue;
    }
    const inserted = await tx
      .insert(dollarLedger)
      .values({
        memberId: entry.memberId,
        amountCents: entry.amountCents,
        reason: entry.reason,
        orderId: entry.orderId ?? null,
        orderLineId: entry.orderLineId ?? null,
        adminId: entry.adminId ?? null,
        note: entry.note ?? "",
        idempotencyKey: entry.key,
        createdAt: entry.now,
      })
      .onConflictDoNothing({ target: dollarLedger.idempotencyKey })
      .returning({ id: dollarLedger.id });
    if (inserted.length === 0) {
      written.push(0);
      continue;
    }
    await tx
      .update(members)
      .set({ dDollarCents: sql`${members.dDollarCents} + ${entry.amountCents}`, updatedAt: entry.now })
      .where(eq(members.id, entry.memberId));
    written.push(entry.amountCents);
  }
  return written;
}

/** `writeLedger` for one entry: the cents written. */
export async function writeLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<number> {
  const [cents] = await writeLedger(tx, [entry]);
  return cents ?? 0;
}

/**
 * The set-based form, for settlement (decision 0014): the parts of one statement that write the
 * relation `credits` (member_id, amount_cents, reason, order_id, order_line_id, idempotency_key) to
 * the ledger once per key and raise each member's balance by exactly what was written. They define
 * `written` (member_id, amount_cents, reason) and `balances` (id, phone, cents) for the rest of the
 * statement: `with credits as (…), ${ledgerWrites(sql`credits`, now)} select … from written`.
 */
export function ledgerWrites(credits: SQL, now: Date): SQL {
  const at = now.toISOString();
  return sql`written as (
      insert into dollar_ledger (member_id, amount_cents, reason, order_id, order_line_id, note,
        idempotency_key, created_at)
      select member_id, amount_cents, reason, order_id, order_line_id, '', idempotency_key, ${at}::timestamptz
      from ${credits}
      on conflict (idempotency_key) do nothing
      returning member_id, amount_cents, reason
    ),
    balances as (
      update members set d_dollar_cents = members.d_dollar_cents + added.cents, updated_at = ${at}::timestamptz
      from (select member_id, sum(amount_cents)::int as cents from written group by member_id) added
      where members.id = added.member_id
      returning members.id, members.phone, added.cents
    )`;
}
