/**
 * The money rules of settlement and weighing (DESIGN §4.8–4.9, decisions 0012, 0024, 0037), spelled
 * once, as SQL fragments. Settlement (the whole cycle), weighing (one line), the member's receipt and
 * statement, and the content pages' worked examples all evaluate these fragments, so a rule change is
 * made here and nowhere else.
 *
 * A fragment reads one order line through `LineTerms`: the drizzle columns of `order_lines` (they
 * render as `"order_lines"."mode"`, see `orderLineTerms`), the columns of an alias (`aliasLineTerms`,
 * as the settlement statement's `order_lines ol`), or literal values (`literalLineTerms`, for the
 * content pages' examples and the tests). Amounts are integer cents; PostgreSQL `numeric` rounds an
 * exact half away from zero, which for amounts that are never negative is "half up", and weights are
 * `numeric(_, 3)`, so a half cent is exactly a half.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { orderLines } from "~/db/schema/index.ts";
import type { GroupOutcome } from "~/domain/cycles/settlement.ts";
import type { Cents } from "~/domain/shared/money.ts";
import { lineAmount, PIECE_UNIT, type ProductMode } from "~/domain/shared/pricing.ts";
import type { ServiceDeps } from "../shared/deps.ts";

/** What the rules read of one order line, each an SQL expression of the right type. */
export interface LineTerms {
  /** text: general, limited or instock. */
  mode: SQLWrapper;
  /** text: 件, or a weight unit. */
  unit: SQLWrapper;
  /** int: pieces bought. */
  quantity: SQLWrapper;
  /** numeric: the estimated weight of one piece in `unit`. */
  defaultWeight: SQLWrapper;
  /** int: the payable unit price charged at checkout (DESIGN §4.4). */
  unitPriceCents: SQLWrapper;
  /** int: the group price. */
  gatherPriceCents: SQLWrapper;
  /** int: what checkout charged for the line (§4.5), before the order's discount. */
  amountCents: SQLWrapper;
  /** numeric: the weighed total weight in `unit`, null until weighed. */
  actualWeight: SQLWrapper;
  /** text: the group's decided outcome ('met' or 'missed'); null while pending, and for instock. */
  outcome: SQLWrapper;
}

/** The drizzle columns of `order_lines`, with the group outcome read from `outcome`. */
export function orderLineTerms(outcome: SQLWrapper): LineTerms {
  return {
    mode: orderLines.mode,
    unit: orderLines.unit,
    quantity: orderLines.quantity,
    defaultWeight: orderLines.defaultWeight,
    unitPriceCents: orderLines.unitPriceCents,
    gatherPriceCents: orderLines.gatherPriceCents,
    amountCents: orderLines.amountCents,
    actualWeight: orderLines.actualWeight,
    outcome,
  };
}

/** The `order_lines` columns of a row named `alias` (as in `from order_lines ol`). */
export function aliasLineTerms(alias: string, outcome: SQLWrapper): LineTerms {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return {
    mode: column("mode"),
    unit: column("unit"),
    quantity: column("quantity"),
    defaultWeight: column("default_weight"),
    unitPriceCents: column("unit_price_cents"),
    gatherPriceCents: column("gather_price_cents"),
    amountCents: column("amount_cents"),
    actualWeight: column("actual_weight"),
    outcome,
  };
}

/** A line given by value (a worked example, a test case). */
interface LiteralLine {
  mode: ProductMode;
  unit: string;
  quantity: number;
  defaultWeight: number;
  unitPriceCents: number;
  gatherPriceCents: number;
  amountCents: number;
  actualWeight: number | null;
  /** The group's outcome; "pending" before the cut-off and for instock. */
  outcome: GroupOutcome;
}

/** A literal line as bound parameters of the column types. */
function literalLineTerms(line: LiteralLine): LineTerms {
  return {
    mode: sql`${line.mode}::text`,
    unit: sql`${line.unit}::text`,
    quantity: sql`${line.quantity}::int`,
    defaultWeight: sql`${line.defaultWeight}::numeric`,
    unitPriceCents: sql`${line.unitPriceCents}::int`,
    gatherPriceCents: sql`${line.gatherPriceCents}::int`,
    amountCents: sql`${line.amountCents}::int`,
    actualWeight: sql`${line.actualWeight}::numeric`,
    outcome: sql`${line.outcome === "pending" ? null : line.outcome}::text`,
  };
}

/**
 * text. DESIGN §4.3: a group product's outcome at its cycle's cut-off: 'met' when the distinct paying
 * members reach the target (no target counts as met), else 'missed'. Instock products have no group
 * (settlement decides no outcome for them, so their lines read null: pending).
 */
export function groupOutcome(buyers: SQLWrapper, targetBuyers: SQLWrapper): SQL<"met" | "missed"> {
  return sql`(case when ${buyers} >= coalesce(${targetBuyers}, 0) then 'met' else 'missed' end)`;
}

/**
 * boolean. A limited line whose group missed its target: cancelled and refunded whole, whatever it
 * weighs.
 */
export function cancelledByGroup(line: LineTerms): SQL<boolean> {
  return sql<boolean>`coalesce(${line.mode} = 'limited' and ${line.outcome} = 'missed', false)`;
}

/** boolean. A general line whose group met its target: paid at the group price. */
function groupPriced(line: LineTerms): SQL<boolean> {
  return sql<boolean>`coalesce(${line.mode} = 'general' and ${line.outcome} = 'met', false)`;
}

/** int. DESIGN §4.8 finalUnitPrice: the group price when a general group met its target, else as charged. */
function finalUnitPrice(line: LineTerms): SQL<number> {
  return sql<number>`(case when ${groupPriced(line)} then ${line.gatherPriceCents} else ${line.unitPriceCents} end)`;
}

/** numeric. DESIGN §4.8 finalQuantity: the pieces, or the weighed weight (the estimate until weighed). */
function finalQuantity(line: LineTerms): SQL<number> {
  return sql<number>`(case when ${line.unit} = ${PIECE_UNIT} then ${line.quantity}::numeric
    else coalesce(${line.actualWeight}, ${line.quantity} * ${line.defaultWeight}) end)`;
}

/**
 * int. DESIGN §4.8 final amount: final unit price × final quantity, rounded half up once, never above
 * the charged amount (members are never charged more after checkout, §4.9); 0 for a limited line
 * whose group missed. A heavier piece is paid by its weight up to what was charged: at the group
 * price it can cost more than the estimate did (decision 0024). This is also the page's "weighed
 * amount": a piece line's amount, or a weighed line's price × weight.
 */
export function finalAmount(line: LineTerms): SQL<number> {
  return sql<number>`(case when ${cancelledByGroup(line)} then 0
    else least(${line.amountCents}, round(${finalUnitPrice(line)} * ${finalQuantity(line)})) end)::int`;
}

/**
 * boolean. A weight-priced line not weighed yet: its final amount is not known, so nothing is owed
 * for it (settlement leaves it to the weighing). A limited line whose group missed owes nothing
 * either way and is credited at once.
 */
export function awaitsWeighing(line: LineTerms): SQL<boolean> {
  return sql<boolean>`(${line.unit} <> ${PIECE_UNIT} and ${line.actualWeight} is null
    and not ${cancelledByGroup(line)})`;
}

/** int. The part of `cents` a member paid with the order's percentage (100 = no code), rounded half up. */
function paidShare(cents: SQLWrapper, percentageDiscount: SQLWrapper): SQL<number> {
  return sql<number>`round(${cents} * ${percentageDiscount} / 100.0)::int`;
}

/**
 * int. A line missing at pickup (issue 31 item 2) gives back what the member paid for it (its charged
 * amount after the order's discount, `paidShare`) less what the ledger already credited for it;
 * never negative. The pickup console's one spelling of it (issue 45 item 3).
 */
export function missingLineRefund(
  chargedCents: SQLWrapper,
  percentageDiscount: SQLWrapper,
  creditedCents: SQLWrapper,
): SQL<number> {
  return sql<number>`greatest(0, ${paidShare(chargedCents, percentageDiscount)} - ${creditedCents})::int`;
}

/**
 * int. What the member is owed for a line in all, after the order's discount (decision 0012): the
 * part of the charged amount they paid minus the part of the final amount they would have paid,
 * each rounded half up once. Never negative; 0 while the line awaits its weighing. Each event
 * credits what is owed now and was not credited before (`owed − credited`, when positive).
 */
export function amountOwed(line: LineTerms, percentageDiscount: SQLWrapper): SQL<number> {
  return sql<number>`(case when ${awaitsWeighing(line)} then 0
    else greatest(0, ${paidShare(line.amountCents, percentageDiscount)}
      - ${paidShare(finalAmount(line), percentageDiscount)}) end)`;
}

/**
 * text. The ledger reason of a line's credit, by what made the line cheaper: the group's outcome
 * when there is one (a weighed piece of a group that met gets a group refund, whether it was weighed
 * before or after the cut-off), else its weight.
 */
export function creditReason(line: LineTerms): SQL<"group_refund" | "limited_refund" | "weight_refund"> {
  return sql`(case
    when ${cancelledByGroup(line)} then 'limited_refund'
    when ${groupPriced(line)} then 'group_refund'
    else 'weight_refund' end)`;
}

/**
 * A line as the receipt and the statement show it (DESIGN §4.8, the domain's `LineStanding`): charged
 * as estimated until weighed, then by weight at its final unit price.
 */
export function lineStanding(line: LineTerms) {
  const waiting = awaitsWeighing(line);
  return {
    /** int: the unit price it is paid at, per piece or per weight unit. */
    unitPriceCents: sql<number>`(case when ${waiting} then ${line.unitPriceCents} else ${finalUnitPrice(line)} end)::int`,
    /** int: what it costs before the order's discount: the weighed amount once weighed, 0 when cancelled. */
    amountCents: sql<number>`(case when ${waiting} then ${line.amountCents} else ${finalAmount(line)} end)::int`,
    /** int: what checkout charged for it. */
    chargedCents: sql<number>`(${line.amountCents})::int`,
    /** numeric: the weight it is paid for (weighed), or null for a piece line or one not weighed yet. */
    weighedQuantity: sql<
      string | null
    >`(case when ${line.unit} <> ${PIECE_UNIT} then ${line.actualWeight} end)`,
    /** boolean: weight-priced and not weighed yet. */
    awaitsWeighing: waiting,
  };
}

/**
 * int. DESIGN §4.8: each member's share of a pickup point's run fee, rounded up to the cent, so the
 * shop collects at least the fee (no member, no share).
 */
export function deliveryShare(runFeeCents: SQLWrapper, members: SQLWrapper): SQL<number> {
  return sql<number>`coalesce(ceil(${runFeeCents}::numeric / nullif(${members}, 0)), 0)::int`;
}

/** int. What comes back to a member who paid `paid` delivery against a share `share` (never a charge). */
export function deliveryRefund(paidCents: SQLWrapper, shareCents: SQLWrapper): SQL<number> {
  return sql<number>`greatest(0, ${paidCents} - ${shareCents})`;
}

/**
 * int. What the referee and the referrer each get: the shop's referral percentage (site settings,
 * DESIGN §4.15; 5 by default) of the base (`referralBase`: the first order's items amount), rounded
 * half up once.
 */
export function referralReward(baseCents: SQLWrapper, percent: SQLWrapper): SQL<number> {
  return sql<number>`round(${baseCents} * ${percent} / 100.0)::int`;
}

/**
 * The content pages' worked examples, computed by the rules above on literal values (decision 0037),
 * so a page never quotes a figure settlement would not give.
 */
export function createSettlementExampleService({ db }: Pick<ServiceDeps, "db">) {
  async function evaluate<T>(expression: SQL<T>): Promise<T> {
    const result = await db.execute<{ value: T }>(sql`select ${expression} as value`);
    return result.rows[0]!.value;
  }
  return {
    /** What comes back for one piece of a general group buy that met its target (DESIGN §4.8). */
    groupRefund(example: { priceCents: Cents; gatherPriceCents: Cents }): Promise<Cents> {
      return evaluate(
        amountOwed(
          literalLineTerms({
            mode: "general",
            unit: PIECE_UNIT,
            quantity: 1,
            defaultWeight: 1,
            unitPriceCents: example.priceCents,
            gatherPriceCents: example.gatherPriceCents,
            amountCents: lineAmount({ unit: PIECE_UNIT, defaultWeight: 1 }, 1, example.priceCents),
            actualWeight: null,
            outcome: "met",
          }),
          sql`100`,
        ),
      );
    },

    /** Each member's share of a run fee shared by `members` (DESIGN §4.8). */
    deliveryShare(runFeeCents: Cents, members: number): Promise<Cents> {
      return evaluate(deliveryShare(sql`${runFeeCents}::int`, sql`${members}::int`));
    },

    /** What the referee and the referrer each get for a first purchase of `baseCents` items. */
    referralReward(baseCents: Cents, percent: number): Promise<Cents> {
      return evaluate(referralReward(sql`${baseCents}::int`, sql`${percent}::int`));
    },

    /**
     * One piece sold by weight at `unitPriceCents` a unit: charged on its estimated weight at
     * checkout (DESIGN §4.5, `lineAmount`), then paid by its weighed weight (§4.8–4.9).
     */
    async weighedPiece(example: { unitPriceCents: Cents; estimatedWeight: number; actualWeight: number }) {
      const unit = "磅";
      const chargedCents = lineAmount(
        { unit, defaultWeight: example.estimatedWeight },
        1,
        example.unitPriceCents,
      );
      const finalCents = await evaluate(
        finalAmount(
          literalLineTerms({
            mode: "instock",
            unit,
            quantity: 1,
            defaultWeight: example.estimatedWeight,
            unitPriceCents: example.unitPriceCents,
            gatherPriceCents: example.unitPriceCents,
            amountCents: chargedCents,
            actualWeight: example.actualWeight,
            outcome: "pending",
          }),
        ),
      );
      return { chargedCents, finalCents };
    },
  };
}
