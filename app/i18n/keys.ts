import type { auth } from "./catalogue/auth.ts";
import type { productCatalogue } from "./catalogue/catalogue.ts";
import type { common } from "./catalogue/common.ts";
import type { content } from "./catalogue/content.ts";
import type { creditNoticeCatalogue } from "./catalogue/credit-notices.ts";
import type { flashToasts } from "./catalogue/flash-toasts.ts";
import type { formats } from "./catalogue/formats.ts";
import type { noticesCatalogue } from "./catalogue/notices.ts";
import type { paymeClaimCatalogue } from "./catalogue/payme-claim.ts";
import type { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import type { shareCatalogue } from "./catalogue/share.ts";
import type { shell } from "./catalogue/shell.ts";
import type { shellFrame } from "./catalogue/shell-frame.ts";
import type { toasts } from "./catalogue/toasts.ts";
import type { messages as account } from "./messages/account.zh-HK.ts";
import type { messages as cart } from "./messages/cart.zh-HK.ts";
import type { messages as contact } from "./messages/contact.zh-HK.ts";
import type { messages as forms } from "./messages/forms.zh-HK.ts";
import type { messages as guide } from "./messages/guide.zh-HK.ts";
import type { messages as home } from "./messages/home.zh-HK.ts";
import type { messages as listing } from "./messages/listing.zh-HK.ts";
import type { messages as location } from "./messages/location.zh-HK.ts";
import type { messages as member } from "./messages/member.zh-HK.ts";
import type { messages as orders } from "./messages/orders.zh-HK.ts";
import type { messages as pages } from "./messages/pages.zh-HK.ts";
import type { messages as payment } from "./messages/payment.zh-HK.ts";
import type { messages as qa } from "./messages/qa.zh-HK.ts";
import type { messages as referral } from "./messages/referral.zh-HK.ts";
import type { messages as shop } from "./messages/shop.zh-HK.ts";
import type { messages as terms } from "./messages/terms.zh-HK.ts";

/**
 * The keys of the messages components take through `useI18n` (decision 0054), as types only: a
 * page's route scripts hold no catalogue, in either language. `shell` is the frame's and the
 * shared components' words, the product cards and drawer included (`messages/zh-HK.ts` and
 * `messages/en.ts`); the other groups are one chunk each per language
 * (`messages/<group>.<locale>.ts`).
 */
export type ShellKey = keyof (typeof common &
  typeof auth &
  typeof shell &
  typeof shellFrame &
  typeof content &
  typeof toasts &
  typeof productCatalogue &
  typeof productDrawerCatalogue &
  typeof shareCatalogue &
  typeof formats);
/** The keys of the groups a route names in its `handle` (load-messages.ts). */
type GroupKey = keyof (typeof listing &
  typeof shop &
  typeof cart &
  typeof orders &
  typeof payment &
  typeof member &
  typeof account &
  typeof home &
  typeof pages &
  typeof location &
  typeof contact &
  typeof forms &
  typeof referral &
  typeof guide &
  typeof qa &
  typeof terms);
/** What only the server says: a member's SMS and emails, in their language, and toasts carried across a redirect. */
type NoticeKey = keyof (typeof noticesCatalogue &
  typeof creditNoticeCatalogue &
  typeof paymeClaimCatalogue &
  typeof flashToasts);
export type SentKey = ShellKey | GroupKey | NoticeKey;
