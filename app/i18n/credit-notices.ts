import { creditNoticeCatalogue } from "./catalogue/credit-notices.ts";
import { createTranslator } from "./translator.ts";

/** The credit SMS's words (server only). */
export const t = createTranslator(creditNoticeCatalogue).t;
