import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { CartOutcome } from "~/domain/cart/cart.ts";
import { onlyDrawerChanged } from "./drawer-url.ts";

/** Where the add-to-cart button posts: the cart route's action. */
export const CART_ACTION = "/cart";

/** Adds the cart took: the page's products are as they were. */
const TAKEN: readonly unknown[] = ["added", "reset"] satisfies CartOutcome[];

/**
 * `shouldRevalidate` of the pages that list products (home, listings, a merchant's page). Their
 * loader is not run again when
 * - opening or closing the drawer changes only `?product=`: the page already holds that product
 *   (a shared link is a full page load and does run it). Asked to revalidate the same address
 *   (the drawer's product is not on the page), it does run;
 * - a product is added to the cart: that changes the header's badge, which the root's loader
 *   brings, and nothing this page loaded, so its products are not fetched and sent again. When
 *   the cart refuses it (sold out, over the limit), the page does load again, to show the product
 *   as it is now.
 */
export function keepProductPageData({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod !== "GET") {
    const outcome = (actionResult as { outcome?: unknown } | undefined)?.outcome;
    return formAction === CART_ACTION && TAKEN.includes(outcome) ? false : defaultShouldRevalidate;
  }
  return onlyDrawerChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;
}

/** What the cart answers a fetcher: the outcome, and after an add the cart's new count. */
export interface CartAnswer {
  outcome: CartOutcome;
  cartCount?: number;
}

/**
 * For the root's `shouldRevalidate`: an add the cart answered with its new count needs nothing
 * of the root's data (the badge shows the answered count, `CartCountProvider`). With the page's
 * own loaders kept as well (`keepProductPageData`, the shop layout's), an add asks for no route
 * data at all.
 */
export function answeredWithCount({ formMethod, formAction, actionResult }: ShouldRevalidateFunctionArgs) {
  return (
    formMethod !== undefined &&
    formMethod !== "GET" &&
    formAction === CART_ACTION &&
    typeof (actionResult as Partial<CartAnswer> | undefined)?.cartCount === "number"
  );
}
