import { referral } from "./catalogue/referral.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue plus the referral page's words, which no other page shows. */
const catalogue = { ...shared, ...referral } as const;

export type MessageKey = keyof typeof catalogue;
export const { t } = createTranslator(catalogue);
