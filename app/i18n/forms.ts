import { forms } from "./catalogue/forms.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/**
 * The shared catalogue plus the words of the supplier enquiry and survey forms, which only those
 * two pages (and the back office's inbox) show: every other page's script is lighter without them.
 */
const catalogue = { ...shared, ...forms } as const;

export type MessageKey = keyof typeof catalogue;
export const { t, errorText } = createTranslator(catalogue);
