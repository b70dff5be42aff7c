/**
 * Accounting exports (issue 46 item 3): per cycle or per month, the payments (method, reference,
 * amount, fee), the refunds, the dDollar movements and the settlement credits, as CSV (one table,
 * spreadsheet-safe) or one XLSX workbook. One row per record, amounts in dollars as numbers, so an
 * accountant's import reads them; the sums are the dashboard's for the same period.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  dollarLedger,
  members,
  orderCycles,
  orderLines,
  orders,
  payments,
  refunds,
} from "~/db/schema/index.ts";
import { SETTLEMENT_CREDIT_REASONS } from "~/domain/cycles/cycle-report.ts";

import {
  ACCOUNTING_SHEETS,
  type AccountingSheet,
  REFUND_REASONS,
  receiptMethod,
} from "~/domain/reports/sales.ts";
import { type CsvValue, toCsv } from "~/domain/shared/csv.ts";
import { formatHkAdminTime, formatHkDate } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { type WorkbookSheet, writeWorkbook } from "../shared/workbook.server.ts";
import type { Period } from "./sales-dashboard.server.ts";
import { inScope } from "./sales-figures.server.ts";

const dollars = (cents: number) => Math.round(cents) / 100;
const reasonText = (reason: string) => t(`admin.credit.reason.${reason as "group_refund"}`);

export function createAccountingExport({ db }: ServiceDeps) {
  const owner = alias(members, "owner");

  /** Ledger records with their member, order and line, in time order. */
  function ledgerRows(where: SQL | undefined) {
    return db
      .select({
        createdAt: dollarLedger.createdAt,
        reason: dollarLedger.reason,
        cents: dollarLedger.amountCents,
        note: dollarLedger.note,
        phone: owner.phone,
        name: sql<string>`${owner.lastName} || ${owner.firstName}`,
        number: orders.number,
        line: orderLines.name,
      })
      .from(dollarLedger)
      .innerJoin(owner, eq(owner.id, dollarLedger.memberId))
      .leftJoin(orders, eq(orders.id, dollarLedger.orderId))
      .leftJoin(orderLines, eq(orderLines.id, dollarLedger.orderLineId))
      .where(where)
      .orderBy(asc(dollarLedger.createdAt), asc(dollarLedger.id));
  }

  async function sheet(period: Period, kind: AccountingSheet): Promise<WorkbookSheet> {
    const title = t(`admin.export.sheet.${kind}`);
    if (kind === "payments") {
      const rows = await db
        .select({
          at: payments.updatedAt,
          number: orders.number,
          cutoffAt: orderCycles.cutoffAt,
          phone: members.phone,
          provider: payments.provider,
          reference: payments.providerRef,
          received: payments.receivedCents,
          cardFee: orders.cardFeeCents,
          kept: payments.keptReason,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(and(inScope(period), eq(payments.status, "succeeded"), isNotNull(payments.receivedCents)))
        .orderBy(asc(payments.updatedAt), asc(payments.id));
      return {
        title,
        header: [
          t("admin.export.col.date"),
          t("admin.export.col.order"),
          t("admin.export.col.cycle"),
          t("admin.export.col.phone"),
          t("admin.export.col.method"),
          t("admin.export.col.reference"),
          t("admin.export.col.amount"),
          t("admin.export.col.fee"),
          t("admin.export.col.status"),
        ],
        rows: rows.map((row): CsvValue[] => {
          const method = receiptMethod(row.provider);
          return [
            formatHkAdminTime(row.at),
            row.number,
            formatHkDate(row.cutoffAt),
            row.phone,
            method ? t(`admin.sales.method.${method}`) : row.provider,
            row.reference,
            dollars(row.received ?? 0),
            method === "card" && !row.kept ? dollars(row.cardFee) : 0,
            row.kept ? t(`admin.export.kept.${row.kept}`) : t("admin.export.paid"),
          ];
        }),
      };
    }
    const orderReasons = kind === "refunds" ? [...REFUND_REASONS] : [...SETTLEMENT_CREDIT_REASONS];
    // A cycle's movements are its orders' records; a month's, every record written in it.
    const records =
      kind === "movements"
        ? period.kind === "cycle"
          ? await ledgerRows(inScope(period))
          : await ledgerRows(
              and(gte(dollarLedger.createdAt, period.from), lt(dollarLedger.createdAt, period.to)),
            )
        : await ledgerRows(and(inScope(period), inArray(dollarLedger.reason, orderReasons)));
    const rows = records.map((row) => ({
      createdAt: row.createdAt,
      cells: [
        formatHkAdminTime(row.createdAt),
        row.number,
        row.phone,
        row.name,
        row.line,
        reasonText(row.reason),
        dollars(row.cents),
        row.note,
      ] as CsvValue[],
    }));
    // Refunds to the original payment (decision 0052) beside the dDollar ones, as the dashboard counts them.
    if (kind === "refunds") rows.push(...(await methodRefundRows(period)));
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return {
      title,
      header: [
        t("admin.export.col.date"),
        t("admin.export.col.order"),
        t("admin.export.col.phone"),
        t("admin.export.col.member"),
        t("admin.export.col.line"),
        t("admin.export.col.reason"),
        t("admin.export.col.amount"),
        t("admin.export.col.note"),
      ],
      rows: rows.map((row) => row.cells),
    };
  }

  /** The period's refunds to a card or by transfer, but those the provider refused, as export rows. */
  async function methodRefundRows(period: Period) {
    const found = await db
      .select({
        createdAt: refunds.createdAt,
        number: orders.number,
        phone: owner.phone,
        name: sql<string>`${owner.lastName} || ${owner.firstName}`,
        line: orderLines.name,
        method: refunds.method,
        reason: refunds.reason,
        state: refunds.state,
        cents: refunds.amountCents,
        reference: sql<string>`coalesce(nullif(${refunds.reference}, ''), ${refunds.providerRefundId}, '')`,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(owner, eq(owner.id, refunds.memberId))
      .leftJoin(orderLines, eq(orderLines.id, refunds.orderLineId))
      .where(and(inScope(period), ne(refunds.state, "failed")))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    return found.map((row) => ({
      createdAt: row.createdAt,
      cells: [
        formatHkAdminTime(row.createdAt),
        row.number,
        row.phone,
        row.name,
        row.line,
        `${t(`admin.refund.to.${row.method}`)}（${t(`admin.refund.reason.${row.reason}`)}）`,
        dollars(row.cents),
        [t(`admin.refund.state.${row.state}`), row.reference].filter(Boolean).join(" "),
      ] as CsvValue[],
    }));
  }

  return {
    sheet,
    async csv(period: Period, kind: AccountingSheet): Promise<string> {
      const { header, rows } = await sheet(period, kind);
      return toCsv(header, rows);
    },
    async xlsx(period: Period): Promise<ArrayBuffer> {
      const sheets: WorkbookSheet[] = [];
      for (const kind of ACCOUNTING_SHEETS) sheets.push(await sheet(period, kind));
      return writeWorkbook(sheets);
    },
  };
}
