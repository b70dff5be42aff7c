import { home } from "./catalogue/home.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/**
 * The shared catalogue plus the home page's words only: the home page is the storefront's
 * heaviest, so it does not carry the other content pages' titles and descriptions.
 */
const catalogue = { ...shared, ...home } as const;

export type MessageKey = keyof typeof catalogue;
export const t = createTranslator(catalogue).t;
