import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "~/db/schema/index.ts";
import { IllegalOrderTransition, ORDER_TRANSITIONS } from "~/domain/orders/order-states.ts";
import { ORDER_STATUSES } from "~/domain/orders/orders.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../../../tests/helpers/factories.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createCycle, createProduct } from "../../../tests/integration/catalogue-fixtures.ts";
import { paidOrder } from "../../../tests/integration/settlement-fixtures.ts";
import { moveOrder } from "./order-state.server.ts";

const database = setupTestDatabase();

let shop: {
  cycleId: number;
  memberId: string;
  pointId: number;
  product: Awaited<ReturnType<typeof createProduct>>;
};

beforeAll(async () => {
  const { db } = database;
  const district = await createDistrict(db);
  shop = {
    cycleId: (await createCycle(db)).id,
    memberId: (await createMember(db)).id,
    pointId: (await createPickupPoint(db, { districtId: district.id })).id,
    product: await createProduct(db, { categoryId: (await createCategory(db)).id, mode: "instock" }),
  };
});

/** An order in `status`, with no events yet. */
async function orderIn(status: (typeof ORDER_STATUSES)[number]) {
  const { db } = database;
  const order = await paidOrder(db, {
    cycleId: shop.cycleId,
    memberId: shop.memberId,
    pickupPointId: shop.pointId,
    lines: [{ product: shop.product, quantity: 1 }],
  });
  await db.update(orders).set({ status }).where(eq(orders.id, order.id));
  await db.delete(orderEvents).where(eq(orderEvents.orderId, order.id));
  return order.id;
}

describe("moveOrder: the one writer of an order's status (issue 45 item 2)", () => {
  it("walks the whole table against PostgreSQL: each allowed change is made with its event, each other refused", async () => {
    const now = new Date();
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const id = await orderIn(from);
        const allowed = (ORDER_TRANSITIONS[from] as readonly string[]).includes(to);
        const move = database.db.transaction((tx) =>
          moveOrder(tx, { id, status: from }, { to, actorId: null, note: "test", now }),
        );
        if (allowed) await expect(move, `${from}→${to}`).resolves.toBe(true);
        else await expect(move, `${from}→${to}`).rejects.toBeInstanceOf(IllegalOrderTransition);
        const [row] = await database.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, id));
        expect(row!.status, `${from}→${to}`).toBe(allowed ? to : from);
        const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
        expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual(
          allowed ? [[from, to]] : [],
        );
      }
    }
  });

  it("changes nothing when the order has moved on since it was read: the second of two writers loses", async () => {
    const id = await orderIn("pending_payment");
    const now = new Date();
    const [first, second] = await Promise.all(
      (["paid", "expired"] as const).map((to) =>
        database.db.transaction((tx) =>
          moveOrder(tx, { id, status: "pending_payment" }, { to, actorId: null, note: "", now }),
        ),
      ),
    );
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events).toHaveLength(1);
  });
});
