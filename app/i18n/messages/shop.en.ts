import type { Mirror } from "../catalogue/en/mirror.ts";
import { paidCatalogue } from "../catalogue/en/paid.ts";
import { shopCommonCatalogue } from "../catalogue/en/shop-common.ts";
import type { messages as zh } from "./shop.zh-HK.ts";

/** The English messages of the `shop` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...shopCommonCatalogue, ...paidCatalogue } satisfies Mirror<typeof zh>;
