import { admin } from "./catalogue/admin.ts";
import { auth } from "./catalogue/auth.ts";
import { common } from "./catalogue/common.ts";
import { content } from "./catalogue/content.ts";
import { forms } from "./catalogue/forms.ts";
import { home } from "./catalogue/home.ts";
import { pages } from "./catalogue/pages.ts";
import { shell } from "./catalogue/shell.ts";
import { toasts } from "./catalogue/toasts.ts";

/** The one zh-HK catalogue; each area keeps its keys in its own file under catalogue/. */
export const catalogue = {
  ...common,
  ...auth,
  ...shell,
  ...content,
  ...pages,
  ...home,
  ...forms,
  ...toasts,
  ...admin,
} as const;

export type MessageKey = keyof typeof catalogue;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogue, key);
}

/** The zh-HK text for a key; `{name}` placeholders are filled from `params`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text: string = catalogue[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Turns a validation error (a catalogue key from domain schemas) into zh-HK text. */
export function errorText(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  return isMessageKey(key) ? t(key) : t("error.generic");
}
