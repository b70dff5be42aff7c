import { paymentCatalogue } from "../catalogue/payment.ts";

/** The zh-HK messages of the `payment` group (decision 0054): the payment pages. */
export const messages = { ...paymentCatalogue };
