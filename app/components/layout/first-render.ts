/**
 * Whether the page's first render in this document (its hydration) is over. Effects run child
 * first, so a route's effect during hydration still reads `false`; the root's effect then marks it,
 * and every later mount (a client navigation) reads `true`.
 */
let hydrated = false;

export function isHydrated(): boolean {
  return hydrated;
}

export function markHydrated(): void {
  hydrated = true;
}
