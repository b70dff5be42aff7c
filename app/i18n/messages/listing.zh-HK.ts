import { listingCatalogue } from "../catalogue/listings.ts";

/** The zh-HK messages of the `listing` group: the product lists (/all and its kin, search, a merchant's and a collection's products). */
export const messages = { ...listingCatalogue };
