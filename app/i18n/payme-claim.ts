import { paymeClaimCatalogue } from "./catalogue/payme-claim.ts";
import { createTranslator } from "./translator.ts";

/** The words of an unconfirmed PayMe claim's expiry (server only). */
export const t = createTranslator(paymeClaimCatalogue).t;
