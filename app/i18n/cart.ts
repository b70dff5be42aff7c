import { cartCatalogue } from "./catalogue/cart.ts";
import { productCatalogue } from "./catalogue/catalogue.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue, the product words (badges, prices) and the cart's own. */
const catalogue = { ...shared, ...productCatalogue, ...cartCatalogue } as const;

export const t = createTranslator(catalogue).t;
