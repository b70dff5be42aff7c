import { Facts, Panel } from "~/components/admin/record-panel.tsx";
import type { PaymentMethod } from "~/domain/orders/orders.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { paidAmountsText } from "~/i18n/paid-amounts.ts";

const minus = (cents: number) => (cents > 0 ? `-${formatCents(cents)}` : formatCents(0));

/** /admin/order/:id's amounts as charged at checkout, and what was paid, named as members read it. */
export function OrderAmountsPanel({
  order,
}: {
  order: {
    itemsCents: number;
    discountCents: number;
    discountCode: string | null;
    deliveryFeeCents: number;
    dDollarUsedCents: number;
    payableCents: number;
    cardFeeCents: number;
    paymentMethod: PaymentMethod | null;
    paidAt: Date | string | null;
  };
}) {
  return (
    <Panel title={t("admin.order.amounts")} testId="order-amounts">
      <Facts
        rows={[
          [t("admin.order.amount.items"), formatCents(order.itemsCents)],
          [
            order.discountCode
              ? t("admin.order.amount.discountCode", { code: order.discountCode })
              : t("admin.order.amount.discount"),
            minus(order.discountCents),
          ],
          [t("admin.order.amount.delivery"), formatCents(order.deliveryFeeCents)],
          [t("admin.order.amount.dDollar"), minus(order.dDollarUsedCents)],
          [t("admin.order.amount.payable"), <strong key="payable">{formatCents(order.payableCents)}</strong>],
          [t("admin.order.amount.cardFee"), formatCents(order.cardFeeCents)],
          // Issue 47 item 2: what was paid, named as the member's pages and texts name it.
          [
            t("admin.order.amount.paid"),
            <span key="paid" data-testid="order-paid">
              {order.paidAt ? paidAmountsText(order) : t("admin.order.amount.notPaid")}
            </span>,
          ],
        ]}
      />
    </Panel>
  );
}
