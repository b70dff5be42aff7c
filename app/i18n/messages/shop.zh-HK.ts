import { paidCatalogue } from "../catalogue/paid.ts";
import { shopCommonCatalogue } from "../catalogue/shop-common.ts";

/**
 * The zh-HK messages of the `shop` group (decision 0054): what the cart, checkout, order and payment
 * pages share (what was paid, an order's line and pickup day). Each page names its own group too:
 * `cart`, `orders` or `payment`.
 */
export const messages = { ...shopCommonCatalogue, ...paidCatalogue };
