import type { LineStanding } from "~/domain/cycles/settlement.ts";
import type { RefundMethod } from "~/domain/payments/refunds.ts";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import { isWeightPriced } from "~/domain/shared/pricing.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";
import { withContent } from "../shop-content.tsx";

export interface OrderLineView {
  id: number;
  name: string;
  /** zh-HK where an English page shows the Chinese name (the product had no English one). */
  nameLang?: ContentLang;
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
function weightNote({ t, quantity }: I18n, line: OrderLineView): string | null {
  if (!isWeightPriced(line)) return null;
  if (line.actualWeight !== null)
    return t("order.weighed", { quantity: quantity(line.actualWeight, line.unit) });
  const estimated = Math.round(line.quantity * line.defaultWeight * 1000) / 1000;
  return t("order.estimated", { quantity: quantity(estimated, line.unit) });
}

/**
 * The notes under a line: its weight, "結帳時 $26.00" when it now costs something else (weighed,
 * group price), and that a paid weight-priced line still waits for its weighing.
 */
function lineNotes(i18n: I18n, line: OrderLineView, paid: boolean): string[] {
  const { t, money } = i18n;
  const notes: string[] = [];
  const weight = weightNote(i18n, line);
  if (weight) notes.push(weight);
  if (line.standing.amountCents !== line.standing.chargedCents)
    notes.push(t("order.charged", { amount: money(line.standing.chargedCents) }));
  if (paid && line.standing.awaitsWeighing && line.status === "active" && !line.missing)
    notes.push(t("order.awaitingWeight"));
  if (line.missing)
    notes.push(
      line.missingRefundTo
        ? t("statement.missingRefunded", { to: t(`statement.refund.${line.missingRefundTo}`) })
        : t("order.missing"),
    );
  return notes;
}

/** The notes under a line (see lineNotes), then whether its group failed and it was cancelled. */
export function LineNotes({ line, paid }: { line: OrderLineView; paid: boolean }) {
  const i18n = useI18n();
  return (
    <>
      {lineNotes(i18n, line, paid).map((note) => (
        <span key={note} className="block text-xs text-stone-600">
          {note}
        </span>
      ))}
      {line.status === "cancelled_group_failed" ? (
        <span className="block text-xs text-accent-600">{i18n.t("order.lineCancelled")}</span>
      ) : null}
    </>
  );
}

/**
 * An order's lines at what they finally cost (a weighed line at its weighed amount, a group that
 * met at its group price), with what checkout charged beside any that changed.
 */
export function OrderLines({ lines, paid }: { lines: OrderLineView[]; paid: boolean }) {
  const i18n = useI18n();
  return (
    <ul className="divide-y divide-stone-100 text-sm">
      {lines.map((line) => (
        <li key={line.id} className="flex justify-between gap-2 py-1" data-testid="order-line">
          <span>
            {/* The name as the order was placed, its Chinese marked where it had no English. */}
            {withContent(
              i18n,
              "order.line",
              { name: line.name, quantity: line.quantity },
              { name: line.nameLang },
            )}
            <LineNotes line={line} paid={paid} />
          </span>
          <span className="tabular-nums">{i18n.money(line.standing.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}
