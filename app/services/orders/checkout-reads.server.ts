/**
 * What a checkout reads before it writes (DESIGN §4.6): the member's row (locked), an order
 * already placed with the form's key, the open cycle with the pickup point, the selected cart
 * lines, and a new order's id and pickup code.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import {
  cartItems,
  members,
  merchants,
  orderCycles,
  orders,
  pickupPoints,
  products,
} from "~/db/schema/index.ts";
import { pickupCode } from "~/domain/orders/orders.ts";
import { closeDueCycle } from "../shared/cycle-rules.server.ts";
import { deliveryFeePaidIn } from "../shared/order-rules.server.ts";
import { pricedProductColumns } from "../shared/product-columns.server.ts";

export async function lockMember(tx: Tx, memberId: string) {
  const [member] = await tx
    .select({ id: members.id, balance: members.dDollarCents })
    .from(members)
    .where(eq(members.id, memberId))
    .for("update");
  return member;
}

export async function orderByKey(runner: Db | Tx, memberId: string, key: string) {
  const [order] = await runner
    .select({
      id: orders.id,
      number: orders.number,
      payableCents: orders.payableCents,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.idempotencyKey, key)));
  return order;
}

/** The open cycle, the pickup point and whether this cycle's delivery fee is paid, in one read. */
export async function openCycleAt(
  tx: Tx,
  { now, memberId, pickupPointId }: { now: Date; memberId: string; pickupPointId: number },
) {
  const [cycle] = await tx
    .select({
      id: orderCycles.id,
      pointId: pickupPoints.id,
      deliveryChargeCents: pickupPoints.deliveryChargeCents,
      freeDelivery: merchants.freeDelivery,
      feePaid: deliveryFeePaidIn(memberId, orderCycles.id),
    })
    .from(orderCycles)
    .leftJoin(pickupPoints, and(eq(pickupPoints.id, pickupPointId), eq(pickupPoints.active, true)))
    .leftJoin(merchants, eq(merchants.id, pickupPoints.merchantId))
    .where(and(eq(orderCycles.status, "open"), gt(orderCycles.cutoffAt, now)))
    // Closing the cycle at its cut-off waits for orders being placed in it, and vice versa. A
    // weaker lock saves nothing: the order's cycle foreign key share-locks this row anyway.
    .for("share", { of: orderCycles });
  return cycle;
}

/** The member's selected cart lines with their products, oldest first; `productIds` narrows them. */
export function selectedLines(tx: Tx, memberId: string, productIds: readonly number[] | undefined) {
  return tx
    .select({
      quantity: cartItems.quantity,
      product: {
        id: products.id,
        name: products.name,
        nameEn: products.nameEn,
        ...pricedProductColumns,
        maxPerMember: products.maxPerMember,
        ageRestricted: products.ageRestricted,
        isPublished: products.isPublished,
        stock: products.stock,
      },
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(
        eq(cartItems.memberId, memberId),
        eq(cartItems.selected, true),
        productIds ? inArray(cartItems.productId, [...productIds]) : undefined,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}

/**
 * The new order's id, taken from its sequence so that its number can be written with it, and a
 * pickup code no other order has (collisions are rare: 31⁶ ≈ 887 million codes).
 */
export async function newOrderIdentity(tx: Tx): Promise<{ id: number; pickupCode: string }> {
  const [{ id } = { id: "" }] = await tx
    .select({ id: sql<string>`nextval(pg_get_serial_sequence('orders', 'id'))` })
    .from(sql`(values (1)) as one`);
  for (;;) {
    const code = pickupCode((n) => randomInt(n));
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.pickupCode, code))
      .limit(1);
    if (!taken) return { id: Number(id), pickupCode: code };
  }
}

/** Closes a cycle whose cut-off has passed; true when a cycle now takes orders at `now`. */
export async function openCycleAfterCutoff(db: Db, now: Date): Promise<boolean> {
  await closeDueCycle(db, now);
  const [open] = await db
    .select({ id: orderCycles.id })
    .from(orderCycles)
    .where(and(eq(orderCycles.status, "open"), gt(orderCycles.cutoffAt, now)));
  return open !== undefined;
}
