/**
 * The owner's figures of a period beside the period before (issue 46 item 1): the tables of money,
 * receipts, orders, groups and the funnel, and a chart beside each with the same numbers.
 */
import type { ReactNode } from "react";
import { changePercent } from "~/domain/reports/periods.ts";
import type { PeriodFigures, TrendPoint } from "~/domain/reports/sales.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { type MessageKey, t } from "~/i18n/admin.ts";
import { CHART_COLORS, SalesBarChart } from "./sales-chart.tsx";

type Row = { id: string; label: string; money: boolean; value: (figures: PeriodFigures) => number };

const row = (id: string, label: MessageKey, value: Row["value"], money = true): Row => ({
  id,
  label: t(label),
  money,
  value,
});

const salesRows: Row[] = [
  row("items", "admin.sales.row.items", (f) => f.sales.itemsCents),
  row("discount", "admin.sales.row.discount", (f) => -f.sales.discountCents),
  row("delivery", "admin.sales.row.delivery", (f) => f.sales.deliveryCents),
  row("cardFee", "admin.sales.row.cardFee", (f) => f.sales.cardFeeCents),
  row("paid", "admin.sales.row.paid", (f) => f.sales.paidCents),
  row("dDollarUsed", "admin.sales.row.dDollarUsed", (f) => f.sales.dDollarUsedCents),
  ...(["group_refund", "limited_refund", "weight_refund", "delivery_refund", "referral_reward"] as const).map(
    (reason) =>
      row(
        `credit-${reason}`,
        `admin.sales.credit.${reason}`,
        (f) => -(f.sales.credits.find((c) => c.reason === reason)?.cents ?? 0),
      ),
  ),
  row("missing", "admin.sales.row.missing", (f) => -f.sales.missingRefundCents),
  row("runFee", "admin.sales.row.runFee", (f) => -f.sales.runFeeCents),
  row("net", "admin.sales.row.net", (f) => f.sales.netRevenueCents),
];

const receiptRows: Row[] = [
  ...(["card", "payme", "fps"] as const).map((method) =>
    row(`received-${method}`, `admin.sales.method.${method}`, (f) =>
      f.sales.receipts.filter((r) => r.method === method).reduce((sum, r) => sum + r.paidCents, 0),
    ),
  ),
  row("kept", "admin.sales.row.kept", (f) => f.sales.keptCents),
  row("received", "admin.sales.row.received", (f) => f.sales.receivedCents),
  ...(
    [
      "cancel_refund",
      "missing_refund",
      "late_payment_refund",
      "duplicate_payment_refund",
      "mismatch_payment_refund",
      "kept_payment_returned",
    ] as const
  ).map((reason) =>
    row(
      `refund-${reason}`,
      `admin.sales.refund.${reason}`,
      (f) => f.sales.refunds.find((r) => r.reason === reason)?.cents ?? 0,
    ),
  ),
  // Decision 0052: money that went back to the card or by transfer.
  ...(["card", "payme", "fps"] as const).map((method) =>
    row(
      `refund-to-${method}`,
      `admin.sales.refund.to.${method}`,
      (f) => f.sales.methodRefunds.find((r) => r.method === method)?.cents ?? 0,
    ),
  ),
  row("refunded", "admin.sales.row.refunded", (f) => f.sales.refundedCents),
];

const peopleRows: Row[] = [
  row("orders", "admin.sales.row.orders", (f) => f.sales.orders, false),
  row("payingMembers", "admin.sales.row.payingMembers", (f) => f.sales.payingMembers, false),
  row("average", "admin.sales.row.average", (f) => f.sales.averageOrderCents),
  row("newMembers", "admin.sales.row.newMembers", (f) => f.newMembers, false),
  row("referral", "admin.sales.row.referral", (f) => f.sales.referralCents),
];

const groupRows: Row[] = [
  row("decided", "admin.sales.row.groupsDecided", (f) => f.groups.decided, false),
  row("met", "admin.sales.row.groupsMet", (f) => f.groups.met, false),
  row(
    "groupCredit",
    "admin.sales.row.groupCredit",
    (f) => f.sales.credits.find((c) => c.reason === "group_refund")?.cents ?? 0,
  ),
  row("missed", "admin.sales.row.groupsMissed", (f) => f.groups.missed, false),
  row("limitedFailed", "admin.sales.row.limitedFailed", (f) => f.groups.limitedFailed, false),
  row(
    "limitedRefund",
    "admin.sales.row.limitedRefund",
    (f) => f.sales.credits.find((c) => c.reason === "limited_refund")?.cents ?? 0,
  ),
];

const funnelRows: Row[] = [
  row("visitors", "admin.sales.row.visitors", (f) => f.funnel.visitors, false),
  row("carts", "admin.sales.row.carts", (f) => f.funnel.carts, false),
  row("placed", "admin.sales.row.placed", (f) => f.funnel.placed, false),
  row("paidOrders", "admin.sales.row.paidOrders", (f) => f.funnel.paid, false),
];

const show = (value: number, money: boolean) => (money ? formatCents(value) : value.toLocaleString("zh-HK"));

function FiguresTable({
  caption,
  rows,
  current,
  previous,
  previousLabel,
}: {
  caption: string;
  rows: Row[];
  current: PeriodFigures;
  previous: PeriodFigures | null;
  previousLabel: string;
}) {
  return (
    <table className="w-full text-sm" data-testid={`figures-${rows[0]?.id}`}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left text-stone-600">
          <th scope="col" className="py-1 font-normal">
            {t("admin.sales.col.figure")}
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            {t("admin.sales.col.current")}
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            {previousLabel}
          </th>
          <th scope="col" className="hidden py-1 text-right font-normal sm:table-cell">
            {t("admin.sales.col.change")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((each) => {
          const now = each.value(current);
          const before = previous ? each.value(previous) : null;
          const change = before === null ? null : changePercent(now, before);
          return (
            <tr key={each.id} className="border-b border-stone-100 last:border-0" data-figure={each.id}>
              <th scope="row" className="py-1.5 pr-2 text-left font-normal text-stone-800">
                {each.label}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums text-stone-900" data-value={now}>
                {show(now, each.money)}
              </td>
              <td className="py-1.5 text-right tabular-nums text-stone-600">
                {before === null ? t("admin.none") : show(before, each.money)}
              </td>
              <td className="hidden py-1.5 text-right tabular-nums text-stone-600 sm:table-cell">
                {change === null ? t("admin.none") : `${change > 0 ? "+" : ""}${change}%`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A titled card: the chart and its numbers side by side on a wide screen, one above the other on a phone. */
export function ChartCard({
  title,
  note,
  chart,
  table,
  stacked = false,
}: {
  title: string;
  note?: string;
  chart?: ReactNode;
  table: ReactNode;
  /** The chart above its table at every width (for a table of many columns). */
  stacked?: boolean;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-stone-900">{title}</h2>
      {note ? <p className="mt-1 text-xs text-stone-600">{note}</p> : null}
      <div className={chart && !stacked ? "mt-3 grid gap-4 xl:grid-cols-2" : "mt-3 grid gap-4"}>
        {chart ? <div className="min-w-0">{chart}</div> : null}
        <div className="min-w-0 overflow-x-auto">{table}</div>
      </div>
    </section>
  );
}

const dollarsOf = (cents: number) => Math.round(cents) / 100;

export function SalesFigures({
  current,
  previous,
  previousLabel,
  trend,
  full,
}: {
  current: PeriodFigures;
  previous: PeriodFigures | null;
  previousLabel: string;
  trend: TrendPoint[];
  /** The page of its own shows every table; /admin the money, receipts and funnel. */
  full: boolean;
}) {
  const table = (caption: MessageKey, rows: Row[]) => (
    <FiguresTable
      caption={t(caption)}
      rows={rows}
      current={current}
      previous={previous}
      previousLabel={previousLabel}
    />
  );
  const methods = (["card", "payme", "fps"] as const).map((method) => {
    const found = current.sales.receipts.find((r) => r.method === method);
    return {
      label: t(`admin.sales.method.${method}`),
      paid: dollarsOf(found?.paidCents ?? 0),
      kept: dollarsOf(found?.keptCents ?? 0),
    };
  });
  return (
    <div className="grid gap-4">
      <ChartCard
        title={t("admin.sales.money")}
        note={t("admin.sales.moneyNote")}
        chart={
          <SalesBarChart
            rows={trend.map((point) => ({
              label: point.label,
              paid: dollarsOf(point.paidCents),
              credited: dollarsOf(point.creditedCents),
            }))}
            series={[
              { key: "paid", label: t("admin.sales.row.paid"), color: CHART_COLORS[0] },
              { key: "credited", label: t("admin.sales.chart.credited"), color: CHART_COLORS[1] },
            ]}
          />
        }
        table={table("admin.sales.money", salesRows)}
      />
      <ChartCard
        title={t("admin.sales.receipts")}
        note={t("admin.sales.refundNote")}
        chart={
          <SalesBarChart
            rows={methods}
            series={[
              { key: "paid", label: t("admin.sales.chart.paidOrders"), color: CHART_COLORS[0], stack: "m" },
              { key: "kept", label: t("admin.sales.row.kept"), color: CHART_COLORS[2], stack: "m" },
            ]}
          />
        }
        table={table("admin.sales.receipts", receiptRows)}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard title={t("admin.sales.people")} table={table("admin.sales.people", peopleRows)} />
        {full ? (
          <ChartCard title={t("admin.sales.groups")} table={table("admin.sales.groups", groupRows)} />
        ) : null}
      </div>
      <ChartCard
        title={t("admin.sales.funnel")}
        note={t("admin.sales.funnelNote")}
        chart={
          <SalesBarChart
            horizontal
            money={false}
            height={200}
            rows={funnelRows.map((each) => ({ label: each.label, count: each.value(current) }))}
            series={[{ key: "count", label: t("admin.sales.funnel"), color: CHART_COLORS[3] }]}
          />
        }
        table={table("admin.sales.funnel", funnelRows)}
      />
    </div>
  );
}
