/**
 * The server-side cart (Checkout issue item 1): it follows the member across devices. Rows hold
 * only product, quantity and selection; every read joins the live product, so the cart always
 * shows and charges today's prices (SPEC §4 "takes the new price"). Changes for one member are
 * serialised by locking the member row, and the transitions themselves are the pure rules of
 * `domain/cart/cart.ts`.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { cartItems, members, orderCycles, orderLines, orders, products } from "~/db/schema/index.ts";
import {
  type Availability,
  addItem,
  type CartItem,
  type CartOutcome,
  cartChanges,
  changeQuantity,
  refreshItems,
} from "~/domain/cart/cart.ts";
import { checkoutAmounts } from "~/domain/cart/checkout.ts";
import type { ProductView } from "~/domain/catalogue/catalogue.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { liveOrder } from "../shared/order-rules.server.ts";
import { pricedProductColumns } from "../shared/product-columns.server.ts";

const cartProductColumns = {
  id: products.id,
  name: products.name,
  // Shown instead of `name` on English pages (`productInLanguage`, applied by their loaders).
  nameEn: products.nameEn,
  slug: products.slug,
  ...pricedProductColumns,
  stock: products.stock,
  addToCartQty: products.addToCartQty,
  maxPerMember: products.maxPerMember,
  ageRestricted: products.ageRestricted,
  isPublished: products.isPublished,
  images: products.images,
};

/** What a cart line reads of its product: the listing's fields, and whether it is still on sale. */
type CartProduct = Pick<
  ProductView,
  | "id"
  | "name"
  | "nameEn"
  | "nameLang"
  | "slug"
  | "mode"
  | "priceCents"
  | "gatherPriceCents"
  | "marketPriceCents"
  | "unit"
  | "defaultWeight"
  | "stock"
  | "addToCartQty"
  | "maxPerMember"
  | "ageRestricted"
  | "images"
> & { isPublished: boolean };

/** What a change to the cart answers: its outcome and how many products the cart then holds. */
export interface CartChange {
  outcome: CartOutcome;
  count: number;
}

interface CartLineView {
  product: Omit<CartProduct, "isPublished" | "stock" | "maxPerMember" | "addToCartQty">;
  quantity: number;
  selected: boolean;
  /** Most this member can hold now (stock and per-member limit); null = no limit. */
  maxQuantity: number | null;
  unitPriceCents: number;
  amountCents: number;
}

export function createCartService({ db }: ServiceDeps) {
  /** Units of each product this member already holds in live orders of the open cycle. */
  async function alreadyOrdered(tx: Tx | Db, memberId: string, productIds: number[]) {
    if (productIds.length === 0) return new Map<number, number>();
    const rows = await tx
      .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(orderCycles, eq(orderCycles.id, orders.cycleId))
      .where(
        and(
          eq(orders.memberId, memberId),
          eq(orderCycles.status, "open"),
          liveOrder,
          inArray(orderLines.productId, productIds),
        ),
      )
      .groupBy(orderLines.productId);
    return new Map(rows.map((row) => [row.productId, row.quantity]));
  }

  async function availabilityOf(tx: Tx | Db, memberId: string, rows: CartProduct[]) {
    const ordered = await alreadyOrdered(
      tx,
      memberId,
      rows.map((row) => row.id),
    );
    const availability = new Map<number, Availability>();
    for (const row of rows) {
      if (!row.isPublished) continue; // taken off sale: treated as sold out
      availability.set(row.id, {
        stock: row.stock,
        maxPerMember: row.maxPerMember === null ? null : row.maxPerMember - (ordered.get(row.id) ?? 0),
        addToCartQty: row.addToCartQty,
      });
    }
    return availability;
  }

  async function loadCart(tx: Tx | Db, memberId: string) {
    const rows = await tx
      .select({ quantity: cartItems.quantity, selected: cartItems.selected, product: cartProductColumns })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.memberId, memberId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
    return rows;
  }

  /** The member's cart as stored, and as it should be now that stock and limits may have moved. */
  async function cartAsItShouldBe(tx: Tx | Db, memberId: string) {
    const current = await loadCart(tx, memberId);
    const availability = await availabilityOf(
      tx,
      memberId,
      current.map((row) => row.product),
    );
    const before = current.map((row) => ({
      productId: row.product.id,
      quantity: row.quantity,
      selected: row.selected,
    }));
    const refreshed = refreshItems(before, availability);
    const { gone, changed } = cartChanges(before, refreshed.items);
    return { current, availability, before, refreshed, needsSaving: gone.length + changed.length > 0 };
  }

  /** Writes the member's new list: deletes what left, upserts what changed. */
  async function saveItems(
    tx: Tx,
    memberId: string,
    before: readonly CartItem[],
    after: readonly CartItem[],
  ) {
    const { gone, changed } = cartChanges(before, after);
    if (gone.length > 0) {
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.productId, gone)));
    }
    if (changed.length > 0) {
      await tx
        .insert(cartItems)
        .values(changed.map((item) => ({ memberId, ...item })))
        .onConflictDoUpdate({
          target: [cartItems.memberId, cartItems.productId],
          set: {
            quantity: sql`excluded.quantity`,
            selected: sql`excluded.selected`,
            updatedAt: sql`now()`,
          },
        });
    }
  }

  /**
   * Runs one change for one member: lock the member, read the cart, apply `change`, save. Answers
   * the outcome and how many products the cart then holds (the header badge's count).
   */
  async function mutate(
    memberId: string,
    change: (
      items: CartItem[],
      availability: Map<number, Availability>,
    ) => { items: CartItem[]; outcome: CartOutcome },
    productId?: number,
  ): Promise<CartChange> {
    return db.transaction(async (tx) => {
      await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
      const rows = await loadCart(tx, memberId);
      const productRows = rows.map((row) => row.product);
      if (productId !== undefined && !productRows.some((row) => row.id === productId)) {
        const [extra] = await tx.select(cartProductColumns).from(products).where(eq(products.id, productId));
        if (!extra?.isPublished) return { outcome: "soldOut", count: rows.length };
        productRows.push(extra);
      }
      const availability = await availabilityOf(tx, memberId, productRows);
      const before = rows.map((row) => ({
        productId: row.product.id,
        quantity: row.quantity,
        selected: row.selected,
      }));
      const result = change(before, availability);
      await saveItems(tx, memberId, before, result.items);
      return { outcome: result.outcome, count: result.items.length };
    });
  }

  const noLimit: Availability = { stock: 0, maxPerMember: 0, addToCartQty: 1 };

  return {
    add(memberId: string, productId: number) {
      return mutate(
        memberId,
        (items, availability) => addItem(items, productId, availability.get(productId) ?? noLimit),
        productId,
      );
    },

    change(memberId: string, productId: number, delta: 1 | -1) {
      return mutate(memberId, (items, availability) =>
        changeQuantity(items, productId, delta, availability.get(productId) ?? noLimit),
      );
    },

    remove(memberId: string, productId: number) {
      return mutate(memberId, (items) => ({
        items: items.filter((item) => item.productId !== productId),
        outcome: "removed",
      }));
    },

    setSelected(memberId: string, productId: number, selected: boolean) {
      return mutate(memberId, (items) => ({
        items: items.map((item) => (item.productId === productId ? { ...item, selected } : item)),
        outcome: "updated",
      }));
    },

    /** SPEC §4 "select all": quantities follow availability, sold-out items go, the rest are selected. */
    selectAll(memberId: string) {
      return mutate(memberId, (items, availability) => {
        const result = refreshItems(items, availability, { selectAll: true });
        return { items: result.items, outcome: result.soldOut.length > 0 ? "soldOut" : "updated" };
      });
    },

    /**
     * The cart as the member sees it, after bringing it up to date: sold-out or unpublished items
     * are removed (their names are returned for the "snapped up" toast) and quantities are capped
     * by what is left.
     */
    async view(memberId: string) {
      // Most views find the cart as it was left: read without the member's lock, and take it (and
      // read again under it) only when sold-out items or too-large quantities must be written.
      let state = await cartAsItShouldBe(db, memberId);
      if (state.needsSaving) {
        state = await db.transaction(async (tx) => {
          await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
          const locked = await cartAsItShouldBe(tx, memberId);
          await saveItems(tx, memberId, locked.before, locked.refreshed.items);
          return locked;
        });
      }
      const { current, availability, refreshed } = state;
      const byId = new Map(refreshed.items.map((item) => [item.productId, item]));
      const soldOut = new Set(refreshed.soldOut);
      const rows = current
        .filter((row) => byId.has(row.product.id))
        .map((row) => ({
          ...row,
          ...byId.get(row.product.id),
          availability: availability.get(row.product.id),
        }));
      const soldOutNames = current
        .filter((row) => soldOut.has(row.product.id))
        .map((row) => ({ name: row.product.name, nameEn: row.product.nameEn }));
      const amounts = checkoutAmounts({
        lines: rows.map((row) => ({
          product: row.product,
          quantity: row.quantity ?? 1,
          selected: row.selected ?? false,
        })),
        deliveryFeeCents: 0,
        balanceCents: 0,
      });
      const lines: CartLineView[] = rows.map((row, index) => {
        const { isPublished: _p, stock: _s, maxPerMember: _m, addToCartQty: _a, ...product } = row.product;
        const limits = [row.availability?.stock ?? null, row.availability?.maxPerMember ?? null].filter(
          (n): n is number => n !== null,
        );
        return {
          product,
          quantity: row.quantity ?? 1,
          selected: row.selected ?? false,
          maxQuantity: limits.length > 0 ? Math.min(...limits) : null,
          unitPriceCents: amounts.lines[index]?.unitPriceCents ?? 0,
          amountCents: amounts.lines[index]?.amountCents ?? 0,
        };
      });
      return {
        lines,
        itemsCents: amounts.itemsCents,
        selectedCount: lines.filter((line) => line.selected).length,
        soldOutNames,
      };
    },
  };
}
