import type { LineStanding } from "~/domain/cycles/settlement.ts";
import type { RefundMethod } from "~/domain/payments/refunds.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { isWeightPriced } from "~/domain/shared/pricing.ts";
import { t } from "~/i18n/checkout.ts";
import { t as statementText } from "~/i18n/dollar.ts";

export interface OrderLineView {
  id: number;
  name: string;
  unit: string;
  defaultWeight: number;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  actualWeight: number | null;
  status: string;
  /** Marked missing at pickup and refunded (decision 0034). */
  missing?: boolean;
  /** A missing line refunded to the card or by transfer instead of dDollar (decision 0052). */
  missingRefundTo?: RefundMethod | null;
  /** What the line finally costs as it stands (DESIGN §4.8): the weighed amount once weighed. */
  standing: LineStanding;
}

/** "估計 5 磅" or "實際重量 4.6 磅" under a weight-priced line (SPEC §5: refunded by actual weight). */
function weightNote(line: OrderLineView): string | null {
  if (!isWeightPriced(line)) return null;
  if (line.actualWeight !== null) return t("order.weighed", { weight: line.actualWeight, unit: line.unit });
  const estimated = Math.round(line.quantity * line.defaultWeight * 1000) / 1000;
  return t("order.estimated", { weight: estimated, unit: line.unit });
}

/**
 * The notes under a line: its weight, "結帳時 $26.00" when it now costs something else (weighed,
 * group price), and that a paid weight-priced line still waits for its weighing.
 */
function lineNotes(line: OrderLineView, paid: boolean): string[] {
  const notes: string[] = [];
  const weight = weightNote(line);
  if (weight) notes.push(weight);
  if (line.standing.amountCents !== line.standing.chargedCents)
    notes.push(t("order.charged", { amount: formatCents(line.standing.chargedCents) }));
  if (paid && line.standing.awaitsWeighing && line.status === "active" && !line.missing)
    notes.push(t("order.awaitingWeight"));
  if (line.missing)
    notes.push(
      line.missingRefundTo
        ? statementText("statement.missingRefunded", {
            to: statementText(`statement.refund.${line.missingRefundTo}`),
          })
        : t("order.missing"),
    );
  return notes;
}

/** The notes under a line (see lineNotes), then whether its group failed and it was cancelled. */
export function LineNotes({ line, paid }: { line: OrderLineView; paid: boolean }) {
  return (
    <>
      {lineNotes(line, paid).map((note) => (
        <span key={note} className="block text-xs text-stone-600">
          {note}
        </span>
      ))}
      {line.status === "cancelled_group_failed" ? (
        <span className="block text-xs text-accent-600">{t("order.lineCancelled")}</span>
      ) : null}
    </>
  );
}

/**
 * An order's lines at what they finally cost (a weighed line at its weighed amount, a group that
 * met at its group price), with what checkout charged beside any that changed.
 */
export function OrderLines({ lines, paid }: { lines: OrderLineView[]; paid: boolean }) {
  return (
    <ul className="divide-y divide-stone-100 text-sm">
      {lines.map((line) => (
        <li key={line.id} className="flex justify-between gap-2 py-1" data-testid="order-line">
          <span>
            {t("order.line", { name: line.name, quantity: line.quantity })}
            <LineNotes line={line} paid={paid} />
          </span>
          <span className="tabular-nums">{formatCents(line.standing.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}
