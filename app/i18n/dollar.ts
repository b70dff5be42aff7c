import { dollarCatalogue } from "./catalogue/dollar.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue with the dDollar page's words and the ledger reasons. */
const catalogue = { ...shared, ...dollarCatalogue } as const;

export const t = createTranslator(catalogue).t;
