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

/** Whether two addresses show the same page, the drawer aside (only `?product=` differs). */
function sameApartFromDrawer(a: URL, b: URL): boolean {
  return withoutProduct(a) === withoutProduct(b);
}

/** A navigation that only opens or closes the drawer: not a revalidation of the same address. */
export function onlyDrawerChanged(currentUrl: URL, nextUrl: URL): boolean {
  return currentUrl.href !== nextUrl.href && sameApartFromDrawer(currentUrl, nextUrl);
}

function withoutProduct(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("product");
  params.sort();
  return `${url.pathname}?${params}`;
}
