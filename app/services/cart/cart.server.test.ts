import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { cartItems, products } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createProduct } from "../../../tests/integration/catalogue-fixtures.ts";

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});

/** Products in a member's cart, as stored. */
async function cartSize(memberId: string): Promise<number> {
  return (await database.db.select().from(cartItems).where(eq(cartItems.memberId, memberId))).length;
}

async function setup(fields: Partial<Parameters<typeof createProduct>[1]> = {}) {
  const { db, services } = database;
  const category = await createCategory(db);
  const member = await createMember(db);
  const product = await createProduct(db, { categoryId: category.id, ...fields });
  return { db, cart: services.cart, member, product, category };
}

describe("cart service", () => {
  it("adds a new product with its addToCartQty and resets a second add to 1 (SPEC §4)", async () => {
    const { cart, member, product } = await setup({ addToCartQty: 3 });
    // The answer carries the cart's new count, the header badge's (issue 30 item 1).
    expect(await cart.add(member.id, product.id)).toEqual({ outcome: "added", count: 1 });
    let view = await cart.view(member.id);
    expect(view.lines).toMatchObject([{ quantity: 3, selected: true }]);
    await cart.setSelected(member.id, product.id, false);
    expect(await cart.add(member.id, product.id)).toEqual({ outcome: "reset", count: 1 });
    view = await cart.view(member.id);
    expect(view.lines).toMatchObject([{ quantity: 1, selected: true }]);
    expect(await cartSize(member.id)).toBe(1);
  });

  it("charges the payable price of each mode and totals only selected lines", async () => {
    const { db, cart, member, product, category } = await setup({ mode: "general" });
    const instock = await createProduct(db, {
      categoryId: category.id,
      mode: "instock",
      gatherPriceCents: 4_550,
      priceCents: 5_000,
      stock: 5,
    });
    const pork = await createProduct(db, {
      categoryId: category.id,
      mode: "limited",
      unit: "磅",
      defaultWeight: 2.5,
      gatherPriceCents: 3_333,
      priceCents: 3_999,
    });
    await cart.add(member.id, product.id);
    await cart.add(member.id, instock.id);
    await cart.add(member.id, pork.id);
    let view = await cart.view(member.id);
    // general: original price 100.00; instock: 45.50; limited by weight: 33.33 × 2.5 = 83.325 → 83.33
    expect(view.lines.map((line) => line.amountCents)).toEqual([10_000, 4_550, 8_333]);
    expect(view.itemsCents).toBe(22_883);
    await cart.setSelected(member.id, product.id, false);
    view = await cart.view(member.id);
    expect(view.itemsCents).toBe(12_883);
    expect(view.selectedCount).toBe(2);
  });

  it("takes the new price after an admin changes it", async () => {
    const { db, cart, member, product } = await setup({ mode: "instock", stock: 10 });
    await cart.add(member.id, product.id);
    await db.update(products).set({ gatherPriceCents: 7_000 }).where(eq(products.id, product.id));
    const view = await cart.view(member.id);
    expect(view.lines[0]).toMatchObject({ unitPriceCents: 7_000, amountCents: 7_000 });
  });

  it("stops at stock and at the per-member limit, and removes at zero", async () => {
    const { cart, member, product } = await setup({ mode: "instock", stock: 2, maxPerMember: 5 });
    await cart.add(member.id, product.id);
    expect((await cart.change(member.id, product.id, 1)).outcome).toBe("updated");
    expect((await cart.change(member.id, product.id, 1)).outcome).toBe("limit");
    expect((await cart.view(member.id)).lines[0]).toMatchObject({ quantity: 2, maxQuantity: 2 });
    expect((await cart.change(member.id, product.id, -1)).outcome).toBe("updated");
    expect((await cart.change(member.id, product.id, -1)).outcome).toBe("removed");
    expect(await cartSize(member.id)).toBe(0);
  });

  it("removes sold-out and unpublished items on the next view and names them", async () => {
    const { db, cart, member, product, category } = await setup({ mode: "instock", stock: 3 });
    const other = await createProduct(db, { categoryId: category.id, name: "日本和牛" });
    await cart.add(member.id, product.id);
    await cart.change(member.id, product.id, 1);
    await cart.change(member.id, product.id, 1);
    await cart.add(member.id, other.id);
    await db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    await db.update(products).set({ isPublished: false }).where(eq(products.id, other.id));
    const view = await cart.view(member.id);
    expect(view.soldOutNames).toEqual([{ name: "日本和牛", nameEn: other.nameEn }]);
    expect(view.lines).toMatchObject([{ quantity: 1 }]);
    await db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await cart.selectAll(member.id)).outcome).toBe("soldOut");
    expect(await cartSize(member.id)).toBe(0);
  });

  it("saves a quantity cut to what is left, with nothing sold out, and leaves a cart that fits untouched", async () => {
    const { db, cart, member, product } = await setup({ mode: "instock", stock: 5 });
    await cart.add(member.id, product.id);
    await cart.change(member.id, product.id, 1);
    await cart.change(member.id, product.id, 1);
    const stored = async () =>
      db
        .select({ quantity: cartItems.quantity, updatedAt: cartItems.updatedAt })
        .from(cartItems)
        .where(eq(cartItems.memberId, member.id));
    const [fits] = await stored();
    expect((await cart.view(member.id)).lines).toMatchObject([{ quantity: 3, maxQuantity: 5 }]);
    expect(await stored()).toEqual([fits]);
    await db.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    const view = await cart.view(member.id);
    expect(view.soldOutNames).toEqual([]);
    expect(view.lines).toMatchObject([{ quantity: 2, maxQuantity: 2 }]);
    expect((await stored()).map((row) => row.quantity)).toEqual([2]);
  });

  it("refuses to add a sold-out or unpublished product", async () => {
    const { db, cart, member, product } = await setup({ mode: "instock", stock: 0 });
    expect((await cart.add(member.id, product.id)).outcome).toBe("soldOut");
    await db.update(products).set({ stock: 5, isPublished: false }).where(eq(products.id, product.id));
    expect((await cart.add(member.id, product.id)).outcome).toBe("soldOut");
    expect(await cart.add(member.id, 999_999)).toEqual({ outcome: "soldOut", count: 0 });
    expect(await cartSize(member.id)).toBe(0);
  });

  it("keeps one row and the limit under concurrent requests from one member", async () => {
    const { db, cart, member, product } = await setup({ mode: "instock", stock: 4 });
    await cart.add(member.id, product.id);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => cart.change(member.id, product.id, 1)),
    );
    expect(outcomes.filter(({ outcome }) => outcome === "updated")).toHaveLength(3);
    const rows = await db.select().from(cartItems).where(eq(cartItems.memberId, member.id));
    expect(rows).toMatchObject([{ quantity: 4 }]);
  });

  it("keeps each member's cart apart", async () => {
    const { db, cart, member, product } = await setup();
    const other = await createMember(db);
    await cart.add(member.id, product.id);
    expect(await cartSize(other.id)).toBe(0);
    expect((await cart.view(other.id)).lines).toEqual([]);
  });
});
