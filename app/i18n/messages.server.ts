import { creditNoticeCatalogue as zhCredits } from "./catalogue/credit-notices.ts";
import { creditNoticeCatalogue as enCredits } from "./catalogue/en/credit-notices.ts";
import { flashToasts as enFlash } from "./catalogue/en/flash-toasts.ts";
import { noticesCatalogue as enNotices } from "./catalogue/en/notices.ts";
import { paymeClaimCatalogue as enClaims } from "./catalogue/en/payme-claim.ts";
import { flashToasts as zhFlash } from "./catalogue/flash-toasts.ts";
import { noticesCatalogue as zhNotices } from "./catalogue/notices.ts";
import { paymeClaimCatalogue as zhClaims } from "./catalogue/payme-claim.ts";
import type { Message } from "./format.ts";
import { type I18n, i18nOf } from "./i18n.ts";
import { allGroups, type Group, provideMessages } from "./load-messages.ts";
import type { Locale } from "./locale.ts";
import * as accountEn from "./messages/account.en.ts";
import * as accountZh from "./messages/account.zh-HK.ts";
import * as cartEn from "./messages/cart.en.ts";
import * as cartZh from "./messages/cart.zh-HK.ts";
import * as contactEn from "./messages/contact.en.ts";
import * as contactZh from "./messages/contact.zh-HK.ts";
import * as en from "./messages/en.ts";
import * as formsEn from "./messages/forms.en.ts";
import * as formsZh from "./messages/forms.zh-HK.ts";
import * as guideEn from "./messages/guide.en.ts";
import * as guideZh from "./messages/guide.zh-HK.ts";
import * as homeEn from "./messages/home.en.ts";
import * as homeZh from "./messages/home.zh-HK.ts";
import * as listingEn from "./messages/listing.en.ts";
import * as listingZh from "./messages/listing.zh-HK.ts";
import * as locationEn from "./messages/location.en.ts";
import * as locationZh from "./messages/location.zh-HK.ts";
import * as memberEn from "./messages/member.en.ts";
import * as memberZh from "./messages/member.zh-HK.ts";
import * as ordersEn from "./messages/orders.en.ts";
import * as ordersZh from "./messages/orders.zh-HK.ts";
import * as pagesEn from "./messages/pages.en.ts";
import * as pagesZh from "./messages/pages.zh-HK.ts";
import * as paymentEn from "./messages/payment.en.ts";
import * as paymentZh from "./messages/payment.zh-HK.ts";
import * as qaEn from "./messages/qa.en.ts";
import * as qaZh from "./messages/qa.zh-HK.ts";
import * as referralEn from "./messages/referral.en.ts";
import * as referralZh from "./messages/referral.zh-HK.ts";
import * as shopEn from "./messages/shop.en.ts";
import * as shopZh from "./messages/shop.zh-HK.ts";
import * as termsEn from "./messages/terms.en.ts";
import * as termsZh from "./messages/terms.zh-HK.ts";
import * as zh from "./messages/zh-HK.ts";

type Messages = Record<string, Message>;

/** Every group of each language, as a browser would load it (decision 0054). */
const catalogues: Record<Locale, Record<Group, Messages>> = {
  "zh-HK": {
    shell: zh.shellMessages,
    listing: listingZh.messages,
    shop: shopZh.messages,
    cart: cartZh.messages,
    orders: ordersZh.messages,
    payment: paymentZh.messages,
    member: memberZh.messages,
    account: accountZh.messages,
    home: homeZh.messages,
    pages: pagesZh.messages,
    location: locationZh.messages,
    contact: contactZh.messages,
    forms: formsZh.messages,
    referral: referralZh.messages,
    guide: guideZh.messages,
    qa: qaZh.messages,
    terms: termsZh.messages,
  },
  en: {
    shell: en.shellMessages,
    listing: listingEn.messages,
    shop: shopEn.messages,
    cart: cartEn.messages,
    orders: ordersEn.messages,
    payment: paymentEn.messages,
    member: memberEn.messages,
    account: accountEn.messages,
    home: homeEn.messages,
    pages: pagesEn.messages,
    location: locationEn.messages,
    contact: contactEn.messages,
    forms: formsEn.messages,
    referral: referralEn.messages,
    guide: guideEn.messages,
    qa: qaEn.messages,
    terms: termsEn.messages,
  },
};

/** What only the server says, in the reader's language: SMS, emails (issue 48) and toasts carried across a redirect. */
const notices: Record<Locale, Messages> = {
  "zh-HK": { ...zhNotices, ...zhCredits, ...zhClaims, ...zhFlash },
  en: { ...enNotices, ...enCredits, ...enClaims, ...enFlash },
};

/** The server renders either language: every group of both is here from its start (entry.server). */
for (const locale of ["zh-HK", "en"] as const) {
  for (const [group, messages] of Object.entries(catalogues[locale]))
    provideMessages(locale, group as Group, messages);
  provideMessages(locale, "notices", notices[locale]);
}

/**
 * The words of a language outside a page: a share picture, a member's SMS and emails. Importing
 * this module is what puts every message of both languages on the server.
 */
export function i18nIn(locale: Locale): I18n {
  return i18nOf([{ pathname: locale === "en" ? "/en" : "/", handle: allGroups }]);
}

/** A group of messages in one language (or the server's notices), as the unit test compares them. */
export function catalogueBundle(locale: Locale, group: Group | "notices"): Messages {
  return group === "notices" ? notices[locale] : catalogues[locale][group];
}
