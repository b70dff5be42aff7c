import { auth } from "./catalogue/auth.ts";
import { authPages } from "./catalogue/auth-pages.ts";
import { common } from "./catalogue/common.ts";
import { content } from "./catalogue/content.ts";
import { flashToasts } from "./catalogue/flash-toasts.ts";
import { shell } from "./catalogue/shell.ts";
import { toasts } from "./catalogue/toasts.ts";
import { discountLabelIn } from "./discount-label.ts";
import { createTranslator } from "./translator.ts";

/**
 * The zh-HK catalogue shared by every page: each area keeps its keys in its own file under
 * catalogue/. Long page copy lives in `~/i18n/pages.ts` so it ships only with the pages that
 * show it (the storefront's JavaScript budget counts every byte of text sent to every page).
 */
export const catalogue = {
  ...common,
  ...auth,
  ...authPages,
  ...shell,
  ...content,
  ...toasts,
  ...flashToasts,
} as const;

export const { t } = createTranslator(catalogue);

/** 「9折」 in zh-HK, for the back office (the storefront takes `discountLabelIn` with its page's `t`). */
export function discountLabel(percentageDiscount: number): string {
  return discountLabelIn(t, percentageDiscount);
}
