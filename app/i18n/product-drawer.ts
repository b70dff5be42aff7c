import { productCatalogue } from "./catalogue/catalogue.ts";
import { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** Product words plus the drawer's own, which load with the drawer. */
const catalogue = { ...shared, ...productCatalogue, ...productDrawerCatalogue } as const;

export type MessageKey = keyof typeof catalogue;
export const t = createTranslator(catalogue).t;
