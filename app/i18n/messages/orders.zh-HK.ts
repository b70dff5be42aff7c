import { dollarCatalogue } from "../catalogue/dollar.ts";
import { orderCatalogue } from "../catalogue/orders.ts";

/** The zh-HK messages of the `orders` group (decision 0054): a member's orders, their print-out and receipt, and the dDollar statement. */
export const messages = { ...orderCatalogue, ...dollarCatalogue };
