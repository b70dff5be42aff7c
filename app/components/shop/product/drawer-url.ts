import type { ShouldRevalidateFunctionArgs } from "react-router";

/** The search part of the same page with the drawer showing `id` (or closed for null). */
export function searchWithProduct(search: string, id: number | null): string {
  const params = new URLSearchParams(search);
  if (id === null) params.delete("product");
  else params.set("product", String(id));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The product the URL opens in the drawer (SPEC §3 drawer state: open + id), if any. */
export function productIdIn(search: string): number | null {
  const value = new URLSearchParams(search).get("product");
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function withoutProduct(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("product");
  params.sort();
  return `${url.pathname}?${params}`;
}

/** Where the add-to-cart button posts: the cart route's action. */
export const CART_ACTION = "/cart";

/**
 * `shouldRevalidate` of the pages that list products (home, listings, a merchant's page). Their
 * loader is not run again when
 * - opening or closing the drawer changes only `?product=`: the page already holds that product
 *   (a shared link is a full page load and does run it);
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
    const added = formAction === CART_ACTION && (outcome === "added" || outcome === "reset");
    return added ? false : defaultShouldRevalidate;
  }
  if (withoutProduct(currentUrl) === withoutProduct(nextUrl)) return false;
  return defaultShouldRevalidate;
}
