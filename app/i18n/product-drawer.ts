import { productCatalogue } from "./catalogue/catalogue.ts";
import { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import { shareCatalogue } from "./catalogue/share.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** Product words plus the drawer's own (and a shared deal's), which load with the drawer. */
const catalogue = { ...shared, ...productCatalogue, ...productDrawerCatalogue, ...shareCatalogue } as const;

export { shareCatalogue as shareWords };

export const t = createTranslator(catalogue).t;
