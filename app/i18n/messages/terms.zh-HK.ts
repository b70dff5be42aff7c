import { termsText } from "../catalogue/pages/terms.ts";

/** The zh-HK messages of the `terms` group: the terms and conditions. */
export const messages = { ...termsText };
