type DiscountKey = "discount.fullPrice" | "discount.free" | "discount.off";

/**
 * A discount as Hong Kong shops write it (issue 27: one form everywhere): 90% of the price is
 * 「9折」, 85% is 「85折」; 100% is the full price and 0% free. In words of the `t` given, so the
 * storefront says it in the page's language ("10% off").
 */
export function discountLabelIn(
  t: (key: DiscountKey, params?: Record<string, string | number>) => string,
  percentageDiscount: number,
): string {
  if (percentageDiscount >= 100) return t("discount.fullPrice");
  if (percentageDiscount <= 0) return t("discount.free");
  return t("discount.off", {
    figure: percentageDiscount % 10 === 0 ? percentageDiscount / 10 : percentageDiscount,
    off: 100 - percentageDiscount,
  });
}
