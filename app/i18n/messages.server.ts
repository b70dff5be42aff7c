import type { Message } from "./format.ts";
import { type Group, provideMessages } from "./load-messages.ts";
import type { Locale } from "./locale.ts";
import * as en from "./messages/en.ts";
import * as memberEn from "./messages/member.en.ts";
import * as memberZh from "./messages/member.zh-HK.ts";
import * as pagesEn from "./messages/pages.en.ts";
import * as pagesZh from "./messages/pages.zh-HK.ts";
import * as shopEn from "./messages/shop.en.ts";
import * as shopZh from "./messages/shop.zh-HK.ts";
import * as zh from "./messages/zh-HK.ts";

type Messages = Record<string, Message>;

/** Every group of each language, as a browser would load it (decision 0054). */
const catalogues: Record<Locale, Record<Group, Messages>> = {
  "zh-HK": {
    shell: { ...zh.shellMessages, ...zh.listingMessages },
    shop: shopZh.messages,
    member: memberZh.messages,
    pages: pagesZh.messages,
  },
  en: {
    shell: { ...en.shellMessages, ...en.listingMessages },
    shop: shopEn.messages,
    member: memberEn.messages,
    pages: pagesEn.messages,
  },
};

/** The server renders either language: every group of both is here from its start (entry.server). */
for (const locale of ["zh-HK", "en"] as const) {
  for (const [group, messages] of Object.entries(catalogues[locale]))
    provideMessages(locale, group as Group, messages);
}

/** A group of messages in one language, as the unit test compares them. */
export function catalogueBundle(locale: Locale, group: Group): Messages {
  return catalogues[locale][group];
}
