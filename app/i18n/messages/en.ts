import * as en from "../catalogue/en/index.ts";

/** The storefront's English messages taken through `useI18n` (decision 0054): one chunk of their own. */
export const shellMessages = {
  ...en.common,
  ...en.auth,
  ...en.shell,
  ...en.shellFrame,
  ...en.content,
  ...en.toasts,
  ...en.productCatalogue,
  ...en.formats,
  ...en.productDrawerCatalogue,
  ...en.shareCatalogue,
};
