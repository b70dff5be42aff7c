/**
 * Paid orders in a closed cycle, written straight to the database the way placeOrder and a payment
 * leave them (amounts by DESIGN §4.4–4.5), so settlement tests can build any shop state quickly.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../app/db/client.server.ts";
import { orderCycles, orderLines, orders, type products } from "../../app/db/schema/index.ts";
import type { PAID_ORDER_STATUSES } from "../../app/domain/orders/orders.ts";
import { lineAmount, type ProductMode, payableUnitPrice } from "../../app/domain/shared/pricing.ts";
import { pickupDaysAfter } from "./catalogue-fixtures.ts";
import { randomPickupCode } from "./pickup-fixtures.ts";

type Product = typeof products.$inferSelect;

/** A cycle whose cut-off passed `hoursAgo` hours ago and that waits for settlement. */
export async function closedCycle(
  db: Db,
  hoursAgo = 2,
  fields: Partial<typeof orderCycles.$inferInsert> = {},
) {
  const cutoffAt = new Date(Date.now() - hoursAgo * 3_600_000);
  const [row] = await db
    .insert(orderCycles)
    .values({ cutoffAt, ...pickupDaysAfter(cutoffAt), status: "settling", ...fields })
    .returning();
  return row!;
}

export interface PaidLine {
  product: Product;
  quantity: number;
  actualWeight?: number | null;
}

export async function paidOrder(
  db: Db,
  input: {
    cycleId: number;
    memberId: string;
    pickupPointId: number;
    lines: PaidLine[];
    deliveryFeeCents?: number;
    percentageDiscount?: number;
    status?: (typeof PAID_ORDER_STATUSES)[number] | "pending_payment";
    createdAt?: Date;
    /** When it was paid: by default when it was placed. */
    paidAt?: Date;
  },
) {
  const percentage = input.percentageDiscount ?? 100;
  const priced = input.lines.map(({ product, quantity, actualWeight }) => {
    const mode = product.mode as ProductMode;
    const unitPriceCents = payableUnitPrice({ ...product, mode });
    return {
      product,
      quantity,
      actualWeight: actualWeight ?? null,
      unitPriceCents,
      amountCents: lineAmount(product, quantity, unitPriceCents),
    };
  });
  const itemsCents = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const discountCents = itemsCents - Math.round((itemsCents * percentage) / 100);
  const deliveryFeeCents = input.deliveryFeeCents ?? 0;
  const key = randomUUID();
  const [order] = await db
    .insert(orders)
    .values({
      number: `T${key.slice(0, 12)}`,
      memberId: input.memberId,
      cycleId: input.cycleId,
      status: input.status ?? "paid",
      pickupPointId: input.pickupPointId,
      // Not from the key: a code made of the number's first digits was found inside the number.
      pickupCode: randomPickupCode(),
      percentageDiscount: percentage,
      itemsCents,
      discountCents,
      deliveryFeeCents,
      payableCents: itemsCents - discountCents + deliveryFeeCents,
      paymentMethod: "sandbox",
      idempotencyKey: key,
      paidAt: input.paidAt ?? input.createdAt ?? new Date(),
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  await db.insert(orderLines).values(
    priced.map((line) => ({
      orderId: order!.id,
      productId: line.product.id,
      name: line.product.name,
      nameEn: line.product.nameEn,
      mode: line.product.mode,
      unit: line.product.unit,
      defaultWeight: line.product.defaultWeight,
      quantity: line.quantity,
      priceCents: line.product.priceCents,
      gatherPriceCents: line.product.gatherPriceCents,
      marketPriceCents: line.product.marketPriceCents,
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
      actualWeight: line.actualWeight,
    })),
  );
  return order!;
}
