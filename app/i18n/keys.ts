import type { auth } from "./catalogue/auth.ts";
import type { productCatalogue } from "./catalogue/catalogue.ts";
import type { common } from "./catalogue/common.ts";
import type { content } from "./catalogue/content.ts";
import type { formats } from "./catalogue/formats.ts";
import type { listingCatalogue } from "./catalogue/listings.ts";
import type { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import type { shareCatalogue } from "./catalogue/share.ts";
import type { shell } from "./catalogue/shell.ts";
import type { shellFrame } from "./catalogue/shell-frame.ts";
import type { toasts } from "./catalogue/toasts.ts";

/**
 * The keys of the messages components take through `useI18n` (decision 0054), as types only: a
 * page's route scripts hold no catalogue, in either language. `shell` is the frame's and the
 * shared components' words, `listing` those of the pages that list products and the drawer; each
 * language's messages are one chunk of their own (`messages/zh-HK.ts`, `messages/en.ts`).
 */
export type ShellKey = keyof (typeof common &
  typeof auth &
  typeof shell &
  typeof shellFrame &
  typeof content &
  typeof toasts &
  typeof productCatalogue &
  typeof formats);
type ListingKey = keyof (typeof listingCatalogue & typeof productDrawerCatalogue & typeof shareCatalogue);
export type SentKey = ShellKey | ListingKey;
export type Bundle = "shell" | "listing";
