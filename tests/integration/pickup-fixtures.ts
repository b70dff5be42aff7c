/**
 * Orders ready at a pickup point today (issue 31 item 2), written straight to the database the way
 * checkout, payment and "ready for pickup" leave them: a cycle whose pickup days include today
 * (Hong Kong), an order with a valid pickup code, its lines at the charged price.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { Db } from "../../app/db/client.server.ts";
import { orderCycles, orderLines, orders, type products } from "../../app/db/schema/index.ts";
import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from "../../app/domain/orders/orders.ts";
import { hkDayKey } from "../../app/domain/shared/hk-time.ts";

const DAY_MS = 86_400_000;

/** A settled cycle (no job touches it) whose pickup days run from yesterday to the day after tomorrow. */
export async function pickupTodayCycle(db: Db, now = new Date()) {
  const [row] = await db
    .insert(orderCycles)
    .values({
      cutoffAt: new Date(now.getTime() - 3 * DAY_MS),
      pickupFrom: hkDayKey(new Date(now.getTime() - DAY_MS)),
      pickupTo: hkDayKey(new Date(now.getTime() + 2 * DAY_MS)),
      status: "settled",
    })
    .returning();
  return row!;
}

/** A code as the shop makes them (6 of its alphabet): never a piece of an order's number. */
export function randomPickupCode(): string {
  let code = "";
  for (let i = 0; i < PICKUP_CODE_LENGTH; i += 1)
    code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

type Product = typeof products.$inferSelect;

export async function readyOrder(
  db: Db,
  input: {
    cycleId: number;
    memberId: string;
    pickupPointId: number;
    lines: { product: Product; quantity: number }[];
    status?: "ready_for_pickup" | "confirmed" | "paid" | "collected" | "cancelled";
    percentageDiscount?: number;
  },
) {
  const priced = input.lines.map(({ product, quantity }) => ({
    product,
    quantity,
    amountCents: product.gatherPriceCents * quantity,
  }));
  const itemsCents = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const percentage = input.percentageDiscount ?? 100;
  const discountCents = itemsCents - Math.round((itemsCents * percentage) / 100);
  const key = randomUUID();
  const [order] = await db
    .insert(orders)
    .values({
      number: `P${key.slice(0, 10).toUpperCase()}`,
      memberId: input.memberId,
      cycleId: input.cycleId,
      status: input.status ?? "ready_for_pickup",
      pickupPointId: input.pickupPointId,
      pickupCode: randomPickupCode(),
      percentageDiscount: percentage,
      itemsCents,
      discountCents,
      payableCents: itemsCents - discountCents,
      paymentMethod: "sandbox",
      idempotencyKey: key,
      paidAt: new Date(),
    })
    .returning();
  const lines = await db
    .insert(orderLines)
    .values(
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
        unitPriceCents: line.product.gatherPriceCents,
        amountCents: line.amountCents,
      })),
    )
    .returning();
  return { order: order!, lines };
}
