import { cartCatalogue } from "../catalogue/cart.ts";
import { checkoutCatalogue } from "../catalogue/checkout.ts";
import { dollarCatalogue } from "../catalogue/dollar.ts";
import { paidCatalogue } from "../catalogue/paid.ts";

/**
 * The zh-HK messages of the `shop` group (decision 0054): the cart, checkout, orders, receipt,
 * payment and dDollar pages, with the order statement's words. A chunk of its own, loaded by the
 * pages that name it.
 */
export const messages = { ...cartCatalogue, ...checkoutCatalogue, ...dollarCatalogue, ...paidCatalogue };
