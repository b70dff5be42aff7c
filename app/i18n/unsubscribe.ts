import { unsubscribe } from "./catalogue/unsubscribe.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the words of /unsubscribe, which only that page ships. */
const catalogue = { ...shared, ...unsubscribe } as const;

export const t = createTranslator(catalogue).t;
