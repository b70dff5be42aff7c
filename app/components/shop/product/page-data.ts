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
