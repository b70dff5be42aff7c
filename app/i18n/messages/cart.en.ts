import { cartCatalogue } from "../catalogue/en/cart.ts";
import { checkoutCatalogue } from "../catalogue/en/checkout.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./cart.zh-HK.ts";

/** The English messages of the `cart` group: the same keys as its zh-HK file. */
export const messages = { ...cartCatalogue, ...checkoutCatalogue } satisfies Mirror<typeof zh>;
