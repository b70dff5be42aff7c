import { Select } from "~/components/ui/select.tsx";
import type { RefundChoice } from "~/domain/payments/refunds.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { Panel } from "../record-panel.tsx";

/**
 * Where a refund goes (decision 0052): dDollar first, as before, then the ways this order was paid.
 * A plain `<select>` inside the step's form, so the choice is posted with or without JavaScript.
 */
export function RefundToField({ id, choices }: { id: string; choices: readonly RefundChoice[] }) {
  return (
    <span className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-stone-700">
        {t("admin.refund.to")}
      </label>
      <Select id={id} name="refundTo" variant="filter" defaultValue="dollar" className="text-sm">
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`admin.refund.to.${choice}`)}
          </option>
        ))}
      </Select>
    </span>
  );
}

interface RefundRow {
  id: number;
  method: "card" | "payme" | "fps";
  amountCents: number;
  state: "requested" | "sent" | "succeeded" | "failed" | "recorded";
  reason: "cancel" | "missing_line" | "kept_payment";
  reference: string;
  createdAt: Date | string;
}

/** The order's refunds to its card or by transfer, with their state (the admin's order page). */
export function RefundsPanel({ refunds }: { refunds: readonly RefundRow[] }) {
  return (
    <Panel title={t("admin.refund.panel")} testId="order-refunds">
      {refunds.length === 0 ? (
        <p className="text-sm text-stone-600">{t("admin.refund.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap justify-between gap-2">
              <span>
                {t(`admin.refund.method.${refund.method}`)} · {t(`admin.refund.reason.${refund.reason}`)} ·{" "}
                {t(`admin.refund.state.${refund.state}`)}
                {refund.reference ? ` · ${refund.reference}` : ""}
              </span>
              <span className="tabular-nums">
                {formatCents(refund.amountCents)} · {formatHkAdminTime(new Date(refund.createdAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
