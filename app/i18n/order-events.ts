import { orderEventsCatalogue } from "./catalogue/order-events.ts";
import { createTranslator } from "./translator.ts";

/** The notes of order events and dDollar records written by the order back office (server only). */
export const t = createTranslator(orderEventsCatalogue).t;
