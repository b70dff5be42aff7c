import { auth } from "../catalogue/auth.ts";
import { productCatalogue } from "../catalogue/catalogue.ts";
import { common } from "../catalogue/common.ts";
import { content } from "../catalogue/content.ts";
import { formats } from "../catalogue/formats.ts";
import { productDrawerCatalogue } from "../catalogue/product-drawer.ts";
import { shareCatalogue } from "../catalogue/share.ts";
import { shell } from "../catalogue/shell.ts";
import { shellFrame } from "../catalogue/shell-frame.ts";
import { toasts } from "../catalogue/toasts.ts";

/** The storefront's zh-HK messages taken through `useI18n` (decision 0054): one chunk of their own. */
export const shellMessages = {
  ...common,
  ...auth,
  ...shell,
  ...content,
  ...toasts,
  ...shellFrame,
  ...productCatalogue,
  ...formats,
  ...productDrawerCatalogue,
  ...shareCatalogue,
};
