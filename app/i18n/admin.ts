import { admin } from "./catalogue/admin.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the back office's words, which the storefront never ships. */
const catalogue = { ...shared, ...admin } as const;

export type MessageKey = keyof typeof catalogue;
const translator = createTranslator(catalogue);
export const t = translator.t;
export const isMessageKey = translator.has;
