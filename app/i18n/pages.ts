import { pages } from "./catalogue/pages.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the content pages' titles, for /success-registration until it takes its words through `useI18n`. */
const catalogue = { ...shared, ...pages } as const;

export const t = createTranslator(catalogue).t;
