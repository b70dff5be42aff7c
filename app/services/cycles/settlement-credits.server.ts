/**
 * What settlement and weighing credit, as set-based SQL (DESIGN §4.8–4.9, decisions 0012, 0014, 0024,
 * 0037).
 *
 * These statements compute, for every paid line of a cycle at once (settlement) or for one line
 * (weighing, `writeLineCredit`), what each line is owed and the increment not yet credited; delivery
 * shares and referral rewards follow at settlement. The money rules themselves (final amount, what is
 * owed after the discount, awaiting the weight, the credit's reason, the delivery share, the referral
 * reward) are the fragments of `settlement-rules.server.ts`, their one spelling; these statements
 * only say which rows they apply to and how the credits are written.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import type { LedgerReason } from "~/db/schema/index.ts";
import { PAID_ORDER_STATUSES } from "~/domain/orders/orders.ts";
import { DEFAULT_REFERRAL_PERCENT } from "~/domain/site/shop-rates.ts";
import { ledgerWrites } from "../dollars/index.ts";
import {
  aliasLineTerms,
  amountOwed,
  cancelledByGroup,
  creditReason,
  deliveryRefund,
  deliveryShare,
  groupOutcome,
  referralReward,
} from "./settlement-rules.server.ts";

/** Reasons a line's own credits are recorded under (its running total is their sum). */
export const LINE_CREDIT_REASONS = ["group_refund", "limited_refund", "weight_refund"] as const;

const paidStatuses = sql.join(
  PAID_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
const lineReasons = sql.join(
  LINE_CREDIT_REASONS.map((reason) => sql`${reason}`),
  sql`, `,
);

/**
 * DESIGN §4.3: fixes each group product's outcome for the cycle, kept for weighing, the report and
 * the statements: met when the distinct members with a paid, active line reach the target (no target
 * counts as met). Instock products have no group. A product already decided keeps its result.
 */
export async function decideGroups(tx: Tx, cycleId: number): Promise<void> {
  await tx.execute(sql`
    insert into group_results (cycle_id, product_id, buyers, target_buyers, outcome)
    select ${cycleId}, p.id, sold.buyers, p.target_buyers,
      ${groupOutcome(sql`sold.buyers`, sql`p.target_buyers`)}
    from (
      select ol.product_id, count(distinct o.member_id) filter (where ol.status = 'active')::int as buyers
      from order_lines ol
      join orders o on o.id = ol.order_id
      where o.cycle_id = ${cycleId} and o.status in (${paidStatuses})
      group by ol.product_id
    ) sold
    join products p on p.id = sold.product_id
    where p.mode <> 'instock'
    on conflict do nothing`);
}

/**
 * Every paid, active line of the cycle (or the one line `lineId`) with its outcome: `cancel` (a
 * limited line whose group missed), `owed` (`amountOwed`: what the member is owed in all after the
 * discount; 0 while a weight-priced line awaits its weight), `credited` (line credits recorded
 * before) and the reason its credit carries (`creditReason`). The group outcome is the cycle's decided
 * result (`group_results`), pending before settlement decides it.
 */
function lineOutcomes(cycleId: number, lineId?: number): SQL {
  const oneLine = lineId === undefined ? sql`` : sql` and ol.id = ${lineId}`;
  const oneLineCredits = lineId === undefined ? sql`` : sql` and dl.order_line_id = ${lineId}`;
  const line = aliasLineTerms("ol", sql`gr.outcome`);
  const percentage = sql`o.percentage_discount`;
  return sql`
    select ol.id, ol.order_id, o.member_id,
      ${cancelledByGroup(line)} as cancel,
      ${creditReason(line)} as reason,
      ${amountOwed(line, percentage)} as owed,
      coalesce(before.cents, 0)::int as credited
    from order_lines ol
    join orders o on o.id = ol.order_id
    left join group_results gr on gr.cycle_id = ${cycleId} and gr.product_id = ol.product_id
    left join (
      select dl.order_line_id, sum(dl.amount_cents) as cents
      from dollar_ledger dl
      join orders credited_order on credited_order.id = dl.order_id
      where credited_order.cycle_id = ${cycleId} and dl.reason in (${lineReasons})${oneLineCredits}
      group by dl.order_line_id
    ) before on before.order_line_id = ol.id
    where o.cycle_id = ${cycleId} and o.status in (${paidStatuses}) and ol.status = 'active'${oneLine}`;
}

/** Each line's increment not yet credited; the key names the line's new running total. */
const lineCredits = sql`
  select member_id, owed - credited as amount_cents, reason, order_id, id as order_line_id,
    'line:' || id || ':owed:' || owed as idempotency_key
  from lines
  where owed > credited`;

/**
 * DESIGN §4.8: a pickup point's run fee shared by the members collecting there, rounded up to the
 * cent; a member who paid more delivery than the share gets the difference, on their first order
 * that paid delivery. Points without a run fee, or whose merchant delivers free, are left alone.
 */
function deliveryCredits(cycleId: number): SQL {
  return sql`
    select d.member_id, ${deliveryRefund(sql`d.paid`, sql`d.share`)} as amount_cents, 'delivery_refund' as reason, d.order_id,
      null::bigint as order_line_id,
      'delivery:' || ${cycleId}::int || ':' || d.point_id || ':' || d.member_id as idempotency_key
    from (
      select point_id, member_id, paid, order_id, run_fee_cents, free,
        ${deliveryShare(sql`run_fee_cents`, sql`count(*) over (partition by point_id)`)} as share
      from (
        select o.pickup_point_id as point_id, o.member_id, sum(o.delivery_fee_cents)::int as paid,
          min(o.id) filter (where o.delivery_fee_cents > 0) as order_id,
          pp.run_fee_cents, coalesce(m.free_delivery, false) as free
        from orders o
        join pickup_points pp on pp.id = o.pickup_point_id
        left join merchants m on m.id = pp.merchant_id
        where o.cycle_id = ${cycleId} and o.status in (${paidStatuses})
        group by o.pickup_point_id, o.member_id, pp.run_fee_cents, m.free_delivery
      ) per_member
    ) d
    where d.run_fee_cents is not null and not d.free and d.order_id is not null
      and ${deliveryRefund(sql`d.paid`, sql`d.share`)} > 0`;
}

/**
 * DESIGN §4.8 (decision 0049): a referee's first paid order ever — the first of their orders to
 * reach paid, cancelled and expired ones aside — earns the referee and the referrer `referralReward`
 * (`percent` of its items amount, §4.5, `referralBase`) each, when it was placed after the referral
 * was recorded (the referee's `referrer` neighbor record). A member who had paid before naming a
 * referrer never earns: their first paid order came before the referral. A referral that closed a
 * loop (its referrer's chain, through referrals recorded before it, leads back to the referee) earns
 * nothing; naming one is refused, this keeps the rule for rows written before that. One key per
 * referee and side: paid once, by whichever run or instance comes first.
 */
function referralCredits(cycleId: number, percent: number): SQL {
  return sql`
    select side.member_id, r.reward as amount_cents, 'referral_reward' as reason, f.order_id,
      null::bigint as order_line_id, 'referral:' || f.member_id || ':' || side.name as idempotency_key
    from (
      select o.id as order_id, o.member_id, m.referrer_id, o.items_cents,
        referral.id as referral_id, referral.created_at as referral_at
      from orders o
      join members m on m.id = o.member_id
      join neighbors referral on referral.member_id = m.id and referral.neighbor_id = m.referrer_id
        and referral.type = 'referrer'
      where o.cycle_id = ${cycleId} and o.status in (${paidStatuses})
        and m.referrer_id is not null and m.referral_discount = 1
        and o.created_at >= referral.created_at
        and not exists (
          select 1 from orders earlier
          where earlier.member_id = o.member_id and earlier.id <> o.id
            and earlier.status in (${paidStatuses})
            and (coalesce(earlier.paid_at, earlier.created_at), earlier.id)
              < (coalesce(o.paid_at, o.created_at), o.id)
        )
    ) f
    cross join lateral (select ${referralReward(sql`f.items_cents`, sql`${percent}::int`)} as reward) r
    cross join lateral (values (f.member_id, 'referee'), (f.referrer_id, 'referrer')) as side(member_id, name)
    where r.reward > 0
      and not exists (
        with recursive up(member_id) as (
          select f.referrer_id
          union
          select n.neighbor_id from up
          join neighbors n on n.member_id = up.member_id and n.type = 'referrer'
            and (n.created_at, n.id) < (f.referral_at, f.referral_id)
        )
        select 1 from up where up.member_id = f.member_id
      )`;
}

export interface WrittenCredits {
  /** Records and cents written by this run, per reason (a key used before writes nothing). */
  credited: Partial<Record<LedgerReason, { records: number; cents: number }>>;
  /** Members whose balance this run raised; each has a settlement SMS queued. */
  membersCredited: number;
}

/**
 * One statement: every credit of the cycle (lines, delivery, referral) written to the ledger with
 * its idempotency key, limited lines whose group failed cancelled, each member's cached balance
 * raised by exactly what was written, and each credited member's SMS queued with the amount.
 * Every part reads the same snapshot of the lines.
 */
export async function writeCycleCredits(
  tx: Tx,
  cycleId: number,
  now: Date,
  referralPercent: number = DEFAULT_REFERRAL_PERCENT,
): Promise<WrittenCredits> {
  const result = await tx.execute<{
    credited: WrittenCredits["credited"] | null;
    members: number;
  }>(sql`
    with lines as materialized (${lineOutcomes(cycleId)}),
    cancelled as (
      update order_lines set status = 'cancelled_group_failed'
      from lines where lines.id = order_lines.id and lines.cancel
    ),
    credits as (
      ${lineCredits}
      union all ${deliveryCredits(cycleId)}
      union all ${referralCredits(cycleId, referralPercent)}
    ),
    ${ledgerWrites(sql`credits`, now)},
    notices as (
      insert into settlement_notices (cycle_id, member_id, phone, cents, created_at)
      select ${cycleId}, id, phone, cents, ${now.toISOString()}::timestamptz from balances
      on conflict do nothing
    )
    select
      (select json_object_agg(reason, json_build_object('records', records, 'cents', cents))
        from (select reason, count(*)::int as records, sum(amount_cents)::int as cents
          from written group by reason) by_reason) as credited,
      (select count(*)::int from balances) as members`);
  const row = result.rows[0];
  return { credited: row?.credited ?? {}, membersCredited: row?.members ?? 0 };
}

/** A line's standing after `writeLineCredit`: owed in all, credited before, and written now. */
export interface LineCredit {
  owedCents: number;
  creditedBeforeCents: number;
  writtenCents: number;
}

/**
 * DESIGN §4.9: the credit of one line (after it was weighed), by the same rule and statement parts
 * as settlement: the increment owed and not yet credited is written with the line's key and added to
 * the member's balance. Returns null for a line that is not an active line of a paid order of the
 * cycle. The caller holds the line's row lock; `owedCents < creditedBeforeCents` means the weight
 * would take dDollar back, and nothing was written.
 */
export async function writeLineCredit(
  tx: Tx,
  cycleId: number,
  lineId: number,
  now: Date,
): Promise<LineCredit | null> {
  const result = await tx.execute<{ owed: number; credited: number; written: number }>(sql`
    with lines as materialized (${lineOutcomes(cycleId, lineId)}),
    credits as (${lineCredits}),
    ${ledgerWrites(sql`credits`, now)}
    select lines.owed, lines.credited,
      (select coalesce(sum(amount_cents), 0)::int from written) as written
    from lines`);
  const row = result.rows[0];
  return row ? { owedCents: row.owed, creditedBeforeCents: row.credited, writtenCents: row.written } : null;
}
