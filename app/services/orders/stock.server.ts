/**
 * Stock held by orders (DESIGN §4.7): taken by a checkout, given back by an expiry or an admin's
 * cancel. Rows are always locked in product id order, so that two transactions holding the same
 * products the other way round cannot deadlock; unlimited products (stock null) are left alone.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { discountCodes, orderLines, products } from "~/db/schema/index.ts";

/**
 * Takes `wanted` (product id → quantity) from stock. Returns the ids of the products that have too
 * little, in id order, and takes nothing then; the `products_stock_not_negative` check stays as
 * the database's own guard.
 */
export async function takeStock(tx: Tx, wanted: ReadonlyMap<number, number>): Promise<number[]> {
  const locked = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(inArray(products.id, [...wanted.keys()]), isNotNull(products.stock)))
    .orderBy(asc(products.id))
    .for("no key update");
  const short = locked.filter((row) => (row.stock ?? 0) < (wanted.get(row.id) ?? 0)).map((row) => row.id);
  if (short.length > 0) return short;
  await changeStock(
    tx,
    locked.map((row) => ({ id: row.id, change: -(wanted.get(row.id) ?? 0) })),
  );
  return [];
}

/**
 * DESIGN §4.7, §4.12: gives back what `held` orders took, for expiry and an admin's cancel alike:
 * each discount code's uses (codes in id order), then the stock. Called last in the transaction,
 * after the members it credits are locked, so rows are taken in the order a checkout takes them:
 * member, code, products.
 */
export async function releaseHeld(
  tx: Tx,
  held: readonly { id: number; discountCodeId: number | null }[],
): Promise<void> {
  const usesOf = new Map<number, number>();
  for (const { discountCodeId } of held)
    if (discountCodeId !== null) usesOf.set(discountCodeId, (usesOf.get(discountCodeId) ?? 0) + 1);
  for (const [codeId, uses] of [...usesOf].sort(([a], [b]) => a - b)) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(${discountCodes.usedCount} - ${uses}, 0)` })
      .where(eq(discountCodes.id, codeId));
  }
  await releaseStock(
    tx,
    held.map((order) => order.id),
  );
}

/**
 * Gives back the stock held by the lines of `orderIds`: the same product in several lines or
 * orders summed, the rows locked in id order as `takeStock` locks them, then written by one UPDATE.
 */
async function releaseStock(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const held = tx.$with("held").as(
    tx
      .select({
        productId: orderLines.productId,
        quantity: sql<number>`sum(${orderLines.quantity})::int`.as("quantity"),
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...orderIds]))
      .groupBy(orderLines.productId),
  );
  const locked = await tx
    .with(held)
    .select({ id: products.id, quantity: held.quantity })
    .from(products)
    .innerJoin(held, eq(held.productId, products.id))
    .where(isNotNull(products.stock))
    .orderBy(asc(products.id))
    .for("no key update", { of: products });
  await changeStock(
    tx,
    locked.map((row) => ({ id: row.id, change: row.quantity })),
  );
}

/**
 * Adds `change` to the stock of each product, rows this transaction has already locked. Its own
 * statement, whose snapshot sees the rows as locked: an UPDATE … FROM a locking CTE reached a row
 * changed meanwhile through its older version and deadlocked there under load.
 */
async function changeStock(tx: Tx, rows: readonly { id: number; change: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const changes = rows.map((row) => row.change);
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + v.change` })
    .from(sql`unnest(${sql.param(ids)}::int[], ${sql.param(changes)}::int[]) as v(id, change)`)
    .where(and(sql`${products.id} = v.id`, isNotNull(products.stock)));
}
