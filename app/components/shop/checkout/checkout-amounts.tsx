import type { CheckoutAmounts as Amounts } from "~/domain/cart/checkout.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** What checkout will charge (Checkout issue item 2): items, discount, delivery, dDollar, what is left to pay. */
export function CheckoutAmounts({
  amounts,
  pointChosen,
  balanceCents,
}: {
  amounts: Amounts;
  /** Without a pickup point the delivery charge is not known yet. */
  pointChosen: boolean;
  balanceCents: number;
}) {
  const { t, money } = useI18n();
  return (
    <dl className="space-y-1.5 text-sm tabular-nums" data-testid="checkout-amounts">
      <div className="flex justify-between">
        <dt>{t("checkout.line.items")}</dt>
        <dd>{money(amounts.itemsCents)}</dd>
      </div>
      {amounts.discountCents > 0 ? (
        <div className="flex justify-between text-emerald-800">
          <dt>{t("checkout.line.discount")}</dt>
          <dd>−{money(amounts.discountCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>{t("checkout.line.delivery")}</dt>
        <dd>{pointChosen ? money(amounts.deliveryFeeCents) : t("checkout.pickupFirst")}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{t("checkout.line.dDollar", { balance: money(balanceCents) })}</dt>
        <dd>−{money(amounts.dDollarUsedCents)}</dd>
      </div>
      <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
        <dt>{t("checkout.line.payable")}</dt>
        <dd className="text-rose-700" data-testid="checkout-payable">
          {money(amounts.payableCents)}
        </dd>
      </div>
    </dl>
  );
}
