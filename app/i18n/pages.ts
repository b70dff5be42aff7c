import { home } from "./catalogue/home.ts";
import { pages } from "./catalogue/pages.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the copy of the home, pickup-point and content pages. */
const catalogue = { ...shared, ...pages, ...home } as const;

export const t = createTranslator(catalogue).t;
