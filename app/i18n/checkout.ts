import { cartCatalogue } from "./catalogue/cart.ts";
import { productCatalogue } from "./catalogue/catalogue.ts";
import { checkoutCatalogue } from "./catalogue/checkout.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue with the product, cart and checkout words. */
const catalogue = { ...shared, ...productCatalogue, ...cartCatalogue, ...checkoutCatalogue } as const;

export const t = createTranslator(catalogue).t;
