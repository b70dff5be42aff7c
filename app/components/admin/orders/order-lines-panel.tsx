import { PackageX } from "lucide-react";
import type { RefundChoice } from "~/domain/payments/refunds.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { ConfirmIntentButton } from "../confirm-intent-button.tsx";
import { Panel } from "../record-panel.tsx";
import { RefundToField } from "./refund-choice.tsx";

const cell = "whitespace-nowrap px-3 py-2";

interface OrderLine {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  defaultWeight: number;
  unitPriceCents: number;
  amountCents: number;
  actualWeight: number | null;
  status: string;
  missing: boolean;
}

/** The order's lines; once its cycle is settled, each can be marked missing and refunded (decision 0052). */
export function OrderLinesPanel({
  lines,
  canMarkMissing,
  refundChoices,
}: {
  lines: readonly OrderLine[];
  canMarkMissing: boolean;
  refundChoices: readonly RefundChoice[];
}) {
  return (
    <Panel title={t("admin.order.lines")} testId="order-lines">
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-stone-50 text-xs font-semibold text-stone-600">
            <tr>
              <th scope="col" className={cell}>
                {t("admin.order.line.name")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("admin.order.line.quantity")}
              </th>
              <th scope="col" className={cell}>
                {t("admin.order.line.unit")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("admin.order.line.unitPrice")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("admin.order.line.amount")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("admin.order.line.weight")}
              </th>
              {canMarkMissing ? (
                <th scope="col" className={cell}>
                  {t("admin.order.line.missing")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {lines.map((line) => (
              <tr key={line.id}>
                {/* The name wraps, so that the refund column fits beside the figures at 1280 px. */}
                <td className="min-w-40 px-3 py-2">
                  {line.name}
                  {line.status === "cancelled_group_failed" ? (
                    <span className="ml-2 text-xs text-accent-600">{t("admin.order.line.groupFailed")}</span>
                  ) : null}
                </td>
                <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
                <td className={cell}>{line.unit}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatCents(line.unitPriceCents)}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatCents(line.amountCents)}</td>
                <td className={`${cell} text-right tabular-nums`}>
                  {line.unit === "件"
                    ? t("admin.none")
                    : line.actualWeight !== null
                      ? t("admin.order.line.weighed", { weight: line.actualWeight, unit: line.unit })
                      : t("admin.order.line.estimated", {
                          weight: Math.round(line.defaultWeight * line.quantity * 1000) / 1000,
                          unit: line.unit,
                        })}
                </td>
                {canMarkMissing ? (
                  <td className={cell}>
                    <LineMissing line={line} refundChoices={refundChoices} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/** Marks one line missing and refunds it where the admin chooses; asks first. */
function LineMissing({ line, refundChoices }: { line: OrderLine; refundChoices: readonly RefundChoice[] }) {
  if (line.missing) return <span className="text-stone-600">{t("admin.order.line.isMissing")}</span>;
  if (line.status !== "active") return null;
  return (
    <ConfirmIntentButton
      intent="lineMissing"
      fields={{ lineId: String(line.id) }}
      icon={PackageX}
      label={t("admin.order.line.missing")}
      pendingLabel={t("admin.order.line.missing.pending")}
      confirmTitle={t("admin.order.line.missing.confirmTitle", { name: line.name })}
      confirmBody={t("admin.order.line.missing.confirmBody")}
      confirmLabel={t("admin.order.line.missing.confirm")}
    >
      <RefundToField id={`refund-line-${line.id}`} choices={refundChoices} />
    </ConfirmIntentButton>
  );
}
