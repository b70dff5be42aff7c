import { productCatalogue } from "./catalogue/catalogue.ts";
import { shareCatalogue } from "./catalogue/share.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue, product words and the words of a shared deal: meta tags and share pictures. */
const catalogue = { ...shared, ...productCatalogue, ...shareCatalogue } as const;

export const t = createTranslator(catalogue).t;
export { shareCatalogue as shareWords };
