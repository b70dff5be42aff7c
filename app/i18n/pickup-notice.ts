import { pickupNoticeCatalogue } from "./catalogue/pickup-console.ts";
import { createTranslator } from "./translator.ts";

/** The SMS of a line missing at pickup (server only). */
export const t = createTranslator(pickupNoticeCatalogue).t;
