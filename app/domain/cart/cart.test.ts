import { describe, expect, it } from "vitest";
import {
  type Availability,
  addItem,
  cartChanges,
  changeQuantity,
  maxQuantity,
  refreshItems,
} from "./cart.ts";

const open: Availability = { stock: null, maxPerMember: null, addToCartQty: 1 };

describe("cart transitions (SPEC §4)", () => {
  it("adds a new item with its addToCartQty, or 1", () => {
    expect(addItem([], 1, { ...open, addToCartQty: 3 })).toEqual({
      items: [{ productId: 1, quantity: 3, selected: true }],
      outcome: "added",
    });
    expect(addItem([], 1, { ...open, addToCartQty: 0 }).items[0]?.quantity).toBe(1);
  });

  it("resets an item already in the cart to quantity 1 and selected", () => {
    const result = addItem([{ productId: 1, quantity: 5, selected: false }], 1, open);
    expect(result).toEqual({ items: [{ productId: 1, quantity: 1, selected: true }], outcome: "reset" });
  });

  it("never adds more than stock or the member limit, and refuses a sold-out product", () => {
    expect(addItem([], 1, { stock: 2, maxPerMember: null, addToCartQty: 5 }).items[0]?.quantity).toBe(2);
    expect(addItem([], 1, { stock: null, maxPerMember: 1, addToCartQty: 5 }).items[0]?.quantity).toBe(1);
    expect(addItem([], 1, { ...open, stock: 0 }).outcome).toBe("soldOut");
  });

  it("adds and reduces one at a time, removing at zero and stopping at the limit", () => {
    const items = [{ productId: 1, quantity: 1, selected: true }];
    const limited = { ...open, stock: 2 };
    const two = changeQuantity(items, 1, 1, limited);
    expect(two).toMatchObject({ outcome: "updated", items: [{ quantity: 2 }] });
    expect(changeQuantity(two.items, 1, 1, limited).outcome).toBe("limit");
    expect(changeQuantity(items, 1, -1, limited)).toEqual({ items: [], outcome: "removed" });
  });

  it("refreshes quantities from availability and drops sold-out items", () => {
    const result = refreshItems(
      [
        { productId: 1, quantity: 5, selected: false },
        { productId: 2, quantity: 1, selected: true },
        { productId: 3, quantity: 1, selected: true },
      ],
      new Map([
        [1, { ...open, stock: 3 }],
        [2, { ...open, stock: 0 }],
      ]),
      { selectAll: true },
    );
    expect(result.items).toEqual([{ productId: 1, quantity: 3, selected: true }]);
    expect(result.soldOut).toEqual([2, 3]);
  });

  it("takes the lower of stock and the per-member limit", () => {
    expect(maxQuantity({ stock: 10, maxPerMember: 4, addToCartQty: 1 })).toBe(4);
    expect(maxQuantity(open)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("cartChanges", () => {
  const item = (productId: number, quantity = 1, selected = true) => ({ productId, quantity, selected });

  it("names the products that left and the rows new or changed, and nothing for the same cart", () => {
    const before = [item(1, 2), item(2), item(3, 1, false)];
    expect(cartChanges(before, before)).toEqual({ gone: [], changed: [] });
    expect(cartChanges(before, [item(1, 1), item(3, 1, true), item(4)])).toEqual({
      gone: [2],
      changed: [item(1, 1), item(3, 1, true), item(4)],
    });
  });
});
