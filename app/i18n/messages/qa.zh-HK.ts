import { qaText } from "../catalogue/pages/qa.ts";

/** The zh-HK messages of the `qa` group: the FAQ. */
export const messages = { ...qaText };
