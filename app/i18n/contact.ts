import { contact } from "./catalogue/contact.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the contact form's words, shipped only with the pages that show the form. */
const catalogue = { ...shared, ...contact } as const;

export const t = createTranslator(catalogue).t;
