import { cartCatalogue } from "../catalogue/en/cart.ts";
import { checkoutCatalogue } from "../catalogue/en/checkout.ts";
import { dollarCatalogue } from "../catalogue/en/dollar.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import { paidCatalogue } from "../catalogue/en/paid.ts";
import type { messages as zh } from "./shop.zh-HK.ts";

/** The English messages of the `shop` group (decision 0054): the same keys as its zh-HK file. */
export const messages = {
  ...cartCatalogue,
  ...checkoutCatalogue,
  ...dollarCatalogue,
  ...paidCatalogue,
} satisfies Mirror<typeof zh>;
