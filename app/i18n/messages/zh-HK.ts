import { productCatalogue } from "../catalogue/catalogue.ts";
import { formats } from "../catalogue/formats.ts";
import { listingCatalogue } from "../catalogue/listings.ts";
import { productDrawerCatalogue } from "../catalogue/product-drawer.ts";
import { shareCatalogue } from "../catalogue/share.ts";
import { shellFrame } from "../catalogue/shell-frame.ts";
// The words pages not yet converted import statically: taken from the same module, so the two stay
// one chunk rather than three smaller ones (each page's budget counts the difference).
import { catalogue as shared } from "../index.ts";

/** The storefront's zh-HK messages taken through `useI18n` (decision 0054): one chunk of their own. */
export const shellMessages = { ...shared, ...shellFrame, ...productCatalogue, ...formats };
export const listingMessages = { ...listingCatalogue, ...productDrawerCatalogue, ...shareCatalogue };
