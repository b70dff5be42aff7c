/**
 * The owner's sales figures (issue 46 item 1; decision 0050): what a period's paid orders charged,
 * what came back to members as dDollar and why, what the shop received and by which method, and the
 * net the shop keeps. Pure: the sums come from SQL, the arithmetic and the ordering are here.
 */
import { type ReasonTotal, type ReportTotals, reportTotals } from "../cycles/index.ts";
import type { Cents } from "../shared/money.ts";

/**
 * What the dashboard counts as "refunds": dDollar given back for an order outside settlement — an
 * order cancelled by an admin, a line missing at pickup, and money kept from a payment that did not
 * pay its order (late, duplicate, mismatched), less kept money taken back because it went back to
 * its card or transfer — and the refunds to the original payment (decision 0052), by method.
 */
export const REFUND_REASONS = [
  "cancel_refund",
  "missing_refund",
  "late_payment_refund",
  "duplicate_payment_refund",
  "mismatch_payment_refund",
  "kept_payment_returned",
] as const;
type RefundReason = (typeof REFUND_REASONS)[number];

/** How money arrives: the sandbox is the card in demo mode, so it counts as card. */
const RECEIPT_METHODS = ["card", "payme", "fps"] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

export function receiptMethod(provider: string): ReceiptMethod | null {
  if (provider === "card" || provider === "sandbox") return "card";
  if (provider === "payme" || provider === "fps") return provider;
  return null;
}

interface Receipt {
  method: ReceiptMethod;
  /** Money that paid its order. */
  paidCents: Cents;
  payments: number;
  /** Money that did not pay its order and became the member's dDollar (decision 0048). */
  keptCents: Cents;
  keptPayments: number;
}

export interface RawReceipt {
  provider: string;
  kept: boolean;
  cents: Cents;
  payments: number;
}

/** Payments by method, every method listed (zero where nothing came). */
function receipts(rows: readonly RawReceipt[]): Receipt[] {
  return RECEIPT_METHODS.map((method) => {
    const mine = rows.filter((row) => receiptMethod(row.provider) === method);
    const sum = (kept: boolean, field: "cents" | "payments") =>
      mine.filter((row) => row.kept === kept).reduce((total, row) => total + row[field], 0);
    return {
      method,
      paidCents: sum(false, "cents"),
      payments: sum(false, "payments"),
      keptCents: sum(true, "cents"),
      keptPayments: sum(true, "payments"),
    };
  });
}

/** Refunds to the original payment of the period's orders (not those the provider refused). */
export interface RawMethodRefund {
  method: ReceiptMethod;
  reason: "cancel" | "missing_line" | "kept_payment";
  records: number;
  cents: Cents;
}

interface MethodRefundTotal {
  method: ReceiptMethod;
  records: number;
  cents: Cents;
}

interface RefundTotal {
  reason: RefundReason;
  records: number;
  cents: Cents;
}

function refundTotals(rows: ReadonlyArray<{ reason: string; records: number; cents: Cents }>) {
  return REFUND_REASONS.map((reason) => {
    const mine = rows.filter((row) => row.reason === reason);
    return {
      reason,
      records: mine.reduce((total, row) => total + row.records, 0),
      cents: mine.reduce((total, row) => total + row.cents, 0),
    };
  });
}

export interface SalesSums {
  orders: number;
  payingMembers: number;
  itemsCents: Cents;
  discountCents: Cents;
  deliveryCents: Cents;
  cardFeeCents: Cents;
  dDollarUsedCents: Cents;
}

export interface SalesFigures extends ReportTotals {
  orders: number;
  payingMembers: number;
  dDollarUsedCents: Cents;
  /** Paid ÷ orders, rounded to the cent; 0 without orders. */
  averageOrderCents: Cents;
  /** The run fees of the pickup points that had paid orders, once per cycle and point. */
  runFeeCents: Cents;
  refunds: RefundTotal[];
  /** Refunds to the card, PayMe or FPS (decision 0052), every method listed. */
  methodRefunds: MethodRefundTotal[];
  /** dDollar refunds and refunds to the original payment. */
  refundedCents: Cents;
  /** Lines found missing at pickup: the only refund of money counted in `paidCents`. */
  missingRefundCents: Cents;
  referralCents: Cents;
  /** What the shop keeps from its sales: paid − settlement credits − missing lines − run fees. */
  netRevenueCents: Cents;
  receipts: Receipt[];
  receivedCents: Cents;
  keptCents: Cents;
}

export function salesFigures(input: {
  sums: SalesSums;
  credits: ReadonlyArray<{ reason: string; records: number; cents: Cents }>;
  runFeeCents: Cents;
  receipts: readonly RawReceipt[];
  methodRefunds?: readonly RawMethodRefund[];
}): SalesFigures {
  const { sums } = input;
  const totals = reportTotals(sums, input.credits);
  const refunds = refundTotals(input.credits);
  const byMethod = receipts(input.receipts);
  const refundRows = input.methodRefunds ?? [];
  const methodRefunds = RECEIPT_METHODS.map((method) => {
    const mine = refundRows.filter((row) => row.method === method);
    return {
      method,
      records: mine.reduce((total, row) => total + row.records, 0),
      cents: mine.reduce((total, row) => total + row.cents, 0),
    };
  });
  // A missing line is money counted in paid, wherever it went back.
  const missingRefundCents =
    (refunds.find((row) => row.reason === "missing_refund")?.cents ?? 0) +
    refundRows.filter((row) => row.reason === "missing_line").reduce((total, row) => total + row.cents, 0);
  const reason = (name: string) => totals.credits.find((credit: ReasonTotal) => credit.reason === name);
  return {
    ...totals,
    orders: sums.orders,
    payingMembers: sums.payingMembers,
    dDollarUsedCents: sums.dDollarUsedCents,
    averageOrderCents: sums.orders === 0 ? 0 : Math.round(totals.paidCents / sums.orders),
    runFeeCents: input.runFeeCents,
    refunds,
    methodRefunds,
    refundedCents:
      refunds.reduce((total, row) => total + row.cents, 0) +
      methodRefunds.reduce((total, row) => total + row.cents, 0),
    missingRefundCents,
    referralCents: reason("referral_reward")?.cents ?? 0,
    netRevenueCents: totals.netCents - missingRefundCents - input.runFeeCents,
    receipts: byMethod,
    receivedCents: byMethod.reduce((total, row) => total + row.paidCents + row.keptCents, 0),
    keptCents: byMethod.reduce((total, row) => total + row.keptCents, 0),
  };
}

// ——— Per product, category, merchant and pickup point ———

export const BREAKDOWNS = ["product", "category", "merchant", "point"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export const BREAKDOWN_SORTS = ["charged", "credited", "net", "quantity", "buyers", "name"] as const;
export type BreakdownSort = (typeof BREAKDOWN_SORTS)[number];

export interface BreakdownRow {
  key: number | null;
  name: string | null;
  quantity: number;
  buyers: number;
  chargedCents: Cents;
  creditedCents: Cents;
  netCents: Cents;
}

export function sortBreakdown(
  rows: readonly BreakdownRow[],
  sort: BreakdownSort,
  direction: "asc" | "desc",
): BreakdownRow[] {
  const sign = direction === "asc" ? 1 : -1;
  const value = (row: BreakdownRow) =>
    sort === "charged"
      ? row.chargedCents
      : sort === "credited"
        ? row.creditedCents
        : sort === "net"
          ? row.netCents
          : sort === "quantity"
            ? row.quantity
            : row.buyers;
  return [...rows].sort((a, b) => {
    const order = sort === "name" ? (a.name ?? "").localeCompare(b.name ?? "", "zh-HK") : value(a) - value(b);
    return order === 0 ? (a.key ?? 0) - (b.key ?? 0) : sign * order;
  });
}

/** The ten that sold most and the ten that sold least (by amount charged), without overlap. */
export function topAndBottom(rows: readonly BreakdownRow[], count = 10) {
  const top = sortBreakdown(rows, "charged", "desc").slice(0, count);
  const shown = new Set(top);
  const bottom = sortBreakdown(rows, "charged", "asc")
    .filter((row) => !shown.has(row))
    .slice(0, count);
  return { top, bottom };
}

/** Everything the dashboard shows of one period. */
export interface PeriodFigures {
  sales: SalesFigures;
  newMembers: number;
  groups: { decided: number; met: number; missed: number; limitedFailed: number };
  funnel: { visitors: number; carts: number; placed: number; paid: number };
}

/** One bar of the trend: a period's sales and credits. */
export interface TrendPoint {
  key: string;
  label: string;
  itemsCents: Cents;
  paidCents: Cents;
  creditedCents: Cents;
  orders: number;
}

/** The accounting exports' tables (issue 46 item 3): a CSV each, or all of them in one workbook. */
export const ACCOUNTING_SHEETS = ["payments", "refunds", "movements", "credits"] as const;
export type AccountingSheet = (typeof ACCOUNTING_SHEETS)[number];
