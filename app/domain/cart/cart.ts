/**
 * SPEC §4 cart transitions, on the server-side cart (DESIGN §4.4–4.7). Prices are never stored in
 * the cart: every read joins the live product, so "takes the new price" holds by construction.
 * Each function returns a new list and what happened, for the toast.
 */
export interface CartItem {
  productId: number;
  quantity: number;
  selected: boolean;
}

export interface Availability {
  /** Units that can still be bought; null = unlimited. */
  stock: number | null;
  /** Units one member may buy in a cycle (minus what they already ordered); null = no limit. */
  maxPerMember: number | null;
  addToCartQty: number;
}

export type CartOutcome = "added" | "reset" | "updated" | "removed" | "limit" | "soldOut";

/** The most one member can hold now: stock and the per-member limit, whichever is lower. */
export function maxQuantity(availability: Availability): number {
  const limits = [availability.stock, availability.maxPerMember].filter((n): n is number => n !== null);
  return limits.length === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.min(...limits));
}

/** Adding an item already in the cart resets it to 1 and selects it; a new item gets addToCartQty (or 1). */
export function addItem(
  items: readonly CartItem[],
  productId: number,
  availability: Availability,
): { items: CartItem[]; outcome: CartOutcome } {
  const max = maxQuantity(availability);
  if (max < 1) return { items: [...items], outcome: "soldOut" };
  const existing = items.find((item) => item.productId === productId);
  if (existing) {
    return {
      items: items.map((item) =>
        item.productId === productId ? { productId, quantity: 1, selected: true } : item,
      ),
      outcome: "reset",
    };
  }
  const quantity = Math.min(Math.max(1, availability.addToCartQty), max);
  return { items: [...items, { productId, quantity, selected: true }], outcome: "added" };
}

/** +1 or −1; going below 1 removes the item; going above stock or the member limit is refused. */
export function changeQuantity(
  items: readonly CartItem[],
  productId: number,
  delta: 1 | -1,
  availability: Availability,
): { items: CartItem[]; outcome: CartOutcome } {
  const existing = items.find((item) => item.productId === productId);
  if (!existing) return { items: [...items], outcome: "removed" };
  const quantity = existing.quantity + delta;
  if (quantity < 1) {
    return { items: items.filter((item) => item.productId !== productId), outcome: "removed" };
  }
  if (delta > 0 && quantity > maxQuantity(availability)) return { items: [...items], outcome: "limit" };
  return {
    items: items.map((item) => (item.productId === productId ? { ...item, quantity } : item)),
    outcome: "updated",
  };
}

/**
 * "Select all" and every cart read: quantities follow availability (never above what can be bought),
 * items with nothing left are removed (the spec's "snapped up" toast), and, when selecting all,
 * every remaining item is selected.
 */
export function refreshItems(
  items: readonly CartItem[],
  availability: ReadonlyMap<number, Availability>,
  options: { selectAll?: boolean } = {},
): { items: CartItem[]; soldOut: number[] } {
  const soldOut: number[] = [];
  const next: CartItem[] = [];
  for (const item of items) {
    const found = availability.get(item.productId);
    const max = found ? maxQuantity(found) : 0;
    if (max < 1) {
      soldOut.push(item.productId);
      continue;
    }
    next.push({
      productId: item.productId,
      quantity: Math.min(item.quantity, max),
      selected: options.selectAll ? true : item.selected,
    });
  }
  return { items: next, soldOut };
}

/** What a cart write must do to go from `before` to `after`: products that left, and rows new or changed. */
export function cartChanges(
  before: readonly CartItem[],
  after: readonly CartItem[],
): { gone: number[]; changed: CartItem[] } {
  const kept = new Set(after.map((item) => item.productId));
  const previous = new Map(before.map((item) => [item.productId, item]));
  return {
    gone: before.filter((item) => !kept.has(item.productId)).map((item) => item.productId),
    changed: after.filter((item) => {
      const old = previous.get(item.productId);
      return !old || old.quantity !== item.quantity || old.selected !== item.selected;
    }),
  };
}
