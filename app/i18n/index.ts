import { auth } from "./catalogue/auth.ts";
import { common } from "./catalogue/common.ts";
import { content } from "./catalogue/content.ts";
import { forms } from "./catalogue/forms.ts";
import { shell } from "./catalogue/shell.ts";
import { toasts } from "./catalogue/toasts.ts";
import { createTranslator } from "./translator.ts";

/**
 * The zh-HK catalogue shared by every page: each area keeps its keys in its own file under
 * catalogue/. Long page copy lives in `~/i18n/pages.ts` so it ships only with the pages that
 * show it (the storefront's JavaScript budget counts every byte of text sent to every page).
 */
export const catalogue = {
  ...common,
  ...auth,
  ...shell,
  ...content,
  ...forms,
  ...toasts,
} as const;

export type MessageKey = keyof typeof catalogue;

const translator = createTranslator(catalogue);
export const t = translator.t;
export const isMessageKey = translator.has;

/**
 * Validation errors are catalogue keys from domain schemas; the server may also send text it has
 * already put into words (e.g. "try again at 10:15"), which is shown as it is.
 */
export function errorText(error: string | undefined): string | undefined {
  if (error === undefined) return undefined;
  return isMessageKey(error) ? t(error) : error;
}
