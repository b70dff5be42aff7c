import { dollarCatalogue } from "../catalogue/en/dollar.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import { orderCatalogue } from "../catalogue/en/orders.ts";
import type { messages as zh } from "./orders.zh-HK.ts";

/** The English messages of the `orders` group: the same keys as its zh-HK file. */
export const messages = { ...orderCatalogue, ...dollarCatalogue } satisfies Mirror<typeof zh>;
