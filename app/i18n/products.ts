import { productCatalogue } from "./catalogue/catalogue.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the product words: for listings, cards, the drawer, brands and merchants. */
const catalogue = { ...shared, ...productCatalogue } as const;

export const t = createTranslator(catalogue).t;
