import { products } from "~/db/schema/index.ts";

/**
 * The product columns its price is worked out from (the domain's PricedProduct): the mode, the
 * three prices, the unit and one piece's weight. Carts and checkout read them.
 */
export const pricedProductColumns = {
  mode: products.mode,
  priceCents: products.priceCents,
  gatherPriceCents: products.gatherPriceCents,
  marketPriceCents: products.marketPriceCents,
  unit: products.unit,
  defaultWeight: products.defaultWeight,
};
