import { cartCatalogue } from "../catalogue/cart.ts";
import { checkoutCatalogue } from "../catalogue/checkout.ts";

/** The zh-HK messages of the `cart` group (decision 0054): the cart and checkout pages. */
export const messages = { ...cartCatalogue, ...checkoutCatalogue };
