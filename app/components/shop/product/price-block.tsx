import type { ProductCardView } from "~/domain/catalogue/catalogue.ts";
import { discountOffMarket, isWeightPriced, lineAmount } from "~/domain/shared/pricing.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

type Priced = Pick<
  ProductCardView,
  "mode" | "priceCents" | "gatherPriceCents" | "marketPriceCents" | "unit" | "defaultWeight"
>;

/** Weights as people write them: 2.5, 3, 0.8 (no trailing zeros). */
export function formatWeight(weight: number): string {
  return String(Number(weight.toFixed(3)));
}

/**
 * The three prices of DESIGN §6 (成團價, 原價, 市價 struck through) with the saving off the market
 * price; weight-priced items say the price is per unit and how the estimate is settled.
 */
export function PriceBlock({ product, size = "card" }: { product: Priced; size?: "card" | "drawer" }) {
  const { t, money, unit, quantity } = useI18n();
  const discount = discountOffMarket(product);
  const weighed = isWeightPriced(product);
  const per = weighed ? t("product.perUnit", { unit: unit(product.unit) }) : "";
  return (
    <div className="prices">
      <p className="price-row">
        <span className="price-label">{t("price.gather")}</span>
        {/* The price a member pays, the one that matters: .price-row strong in app.css. */}
        <strong className={size === "drawer" ? "text-2xl" : undefined}>
          {money(product.gatherPriceCents)}
          {per ? <small>{per}</small> : null}
        </strong>
        {discount > 0 ? (
          // Spelt out in the drawer; a card's 平 n% stands beside the market price it is off.
          <span
            className="price-off"
            title={size === "drawer" ? t("product.discountLong", { percent: discount }) : undefined}
          >
            {t("product.discount", { percent: discount })}
          </span>
        ) : null}
      </p>
      <p className="price-others">
        <span>{`${t("price.original")} ${money(product.priceCents)}${per}`}</span>
        <span>
          {`${t("price.market")} `}
          <s>{money(product.marketPriceCents)}</s>
          {per}
        </span>
      </p>
      {weighed ? (
        <p className="weight-note">
          {t("product.weightNote", {
            weight: formatWeight(product.defaultWeight),
            unit: unit(product.unit),
            quantity: quantity(Number(formatWeight(product.defaultWeight)), product.unit),
          })}
          {size === "drawer" ? (
            <span className="block text-stone-600">
              {t("product.estimatedPiece", {
                amount: money(lineAmount(product, 1, product.gatherPriceCents)),
              })}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
