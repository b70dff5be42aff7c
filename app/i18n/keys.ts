import type { auth } from "./catalogue/auth.ts";
import type { productCatalogue } from "./catalogue/catalogue.ts";
import type { common } from "./catalogue/common.ts";
import type { content } from "./catalogue/content.ts";
import type { formats } from "./catalogue/formats.ts";
import type { listingCatalogue } from "./catalogue/listings.ts";
import type { productDrawerCatalogue } from "./catalogue/product-drawer.ts";
import type { shareCatalogue } from "./catalogue/share.ts";
import type { shell, shellFrame } from "./catalogue/shell.ts";
import type { toasts } from "./catalogue/toasts.ts";

/**
 * The keys of the messages a loader sends (decision 0054), as types only: a page's JavaScript
 * holds no catalogue, in either language. `shell` comes with every page from its layout (the
 * shop's, the back office's, the pickup desk's), once per visit; `listing` with the pages that list
 * products and open the product drawer.
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
