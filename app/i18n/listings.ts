import { productCatalogue } from "./catalogue/catalogue.ts";
import { listingCatalogue } from "./catalogue/listings.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** Product words plus those of the listing pages, /collection and /merchant. */
const catalogue = { ...shared, ...productCatalogue, ...listingCatalogue } as const;

export const t = createTranslator(catalogue).t;
