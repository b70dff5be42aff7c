import { auth } from "./catalogue/auth.ts";
import { common } from "./catalogue/common.ts";
import { content } from "./catalogue/content.ts";
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
  ...toasts,
} as const;

export type MessageKey = keyof typeof catalogue;

export const { t, errorText } = createTranslator(catalogue);

/**
 * A discount as Hong Kong shops write it (issue 27: one form everywhere): 90% of the price is
 * 「9折」, 85% is 「85折」; 100% is the full price and 0% free.
 */
export function discountLabel(percentageDiscount: number): string {
  if (percentageDiscount >= 100) return t("discount.fullPrice");
  if (percentageDiscount <= 0) return t("discount.free");
  return t("discount.off", {
    figure: percentageDiscount % 10 === 0 ? percentageDiscount / 10 : percentageDiscount,
    off: 100 - percentageDiscount,
  });
}
