import { formatCents } from "~/domain/money.ts";
import { isWeightPriced } from "~/domain/pricing.ts";
import { t } from "~/i18n/checkout.ts";

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
}

/** "估計 5 磅" or "實際重量 4.6 磅" under a weight-priced line (SPEC §5: refunded by actual weight). */
export function weightNote(line: OrderLineView): string | null {
  if (!isWeightPriced(line)) return null;
  if (line.actualWeight !== null) return t("order.weighed", { weight: line.actualWeight, unit: line.unit });
  const estimated = Math.round(line.quantity * line.defaultWeight * 1000) / 1000;
  return t("order.estimated", { weight: estimated, unit: line.unit });
}

/** An order's lines as charged at checkout, with weights and cancelled group lines marked. */
export function OrderLines({ lines }: { lines: OrderLineView[] }) {
  return (
    <ul className="divide-y divide-stone-100 text-sm">
      {lines.map((line) => {
        const note = weightNote(line);
        return (
          <li key={line.id} className="flex justify-between gap-2 py-1">
            <span>
              {t("order.line", { name: line.name, quantity: line.quantity })}
              {note ? <span className="block text-xs text-stone-600">{note}</span> : null}
              {line.status === "cancelled_group_failed" ? (
                <span className="block text-xs text-accent-600">{t("order.lineCancelled")}</span>
              ) : null}
            </span>
            <span className="tabular-nums">{formatCents(line.amountCents)}</span>
          </li>
        );
      })}
    </ul>
  );
}
