import { noticesCatalogue } from "./catalogue/notices.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue with the order messages sent by SMS and email. */
const catalogue = { ...shared, ...noticesCatalogue } as const;

export const t = createTranslator(catalogue).t;
