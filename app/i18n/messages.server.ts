import { auth } from "./catalogue/auth.ts";
import { productCatalogue } from "./catalogue/catalogue.ts";
import { common } from "./catalogue/common.ts";
import { content } from "./catalogue/content.ts";
import * as en from "./catalogue/en/index.ts";
import { formats } from "./catalogue/formats.ts";
import { listingCatalogue } from "./catalogue/listings.ts";
import { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import { shareCatalogue } from "./catalogue/share.ts";
import { shell, shellFrame } from "./catalogue/shell.ts";
import { toasts } from "./catalogue/toasts.ts";
import type { Message } from "./format.ts";
import type { Bundle } from "./keys.ts";
import type { Locale } from "./locale.ts";

type Messages = Record<string, Message>;

/** What a page's loader sends: its language and that language's messages, no other. */
export interface SentMessages {
  locale: Locale;
  messages: Messages;
}

const bundles: Record<Bundle, Record<Locale, Messages>> = {
  shell: {
    "zh-HK": {
      ...common,
      ...auth,
      ...shell,
      ...shellFrame,
      ...content,
      ...toasts,
      ...productCatalogue,
      ...formats,
    },
    en: {
      ...en.common,
      ...en.auth,
      ...en.shell,
      ...en.shellFrame,
      ...en.content,
      ...en.toasts,
      ...en.productCatalogue,
      ...en.formats,
    },
  },
  listing: {
    "zh-HK": { ...listingCatalogue, ...productDrawerCatalogue, ...shareCatalogue },
    en: { ...en.listingCatalogue, ...en.productDrawerCatalogue, ...en.shareCatalogue },
  },
};

/** The messages of `bundle` in `locale`, for a loader to return as `i18n`. */
export function sendMessages(locale: Locale, bundle: Bundle): SentMessages {
  return { locale, messages: bundles[bundle][locale] };
}
