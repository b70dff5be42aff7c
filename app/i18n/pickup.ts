import { pickupConsoleCatalogue } from "./catalogue/pickup-console.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue with the pickup console's words (only /pickup ships them). */
const catalogue = { ...shared, ...pickupConsoleCatalogue } as const;

export type MessageKey = keyof typeof catalogue;
const translator = createTranslator(catalogue);
export const t = translator.t;
const isMessageKey = translator.has;

/** A schema's message key (or text already in words) from a console form, in zh-HK. */
export function errorText(error: string | undefined): string | undefined {
  if (error === undefined) return undefined;
  return isMessageKey(error) ? t(error) : error;
}
