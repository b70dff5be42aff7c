import { listingCatalogue } from "../catalogue/en/listings.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./listing.zh-HK.ts";

/** The English messages of the `listing` group: the same keys as its zh-HK file. */
export const messages = { ...listingCatalogue } satisfies Mirror<typeof zh>;
