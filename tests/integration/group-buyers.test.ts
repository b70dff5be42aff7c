/**
 * Decision 0043: `group_buyers`, kept by triggers on orders and order lines, counts what DESIGN
 * §4.3 says a group product's progress is, the distinct members with a paid order holding an
 * active line for it, whatever happens to the orders. Each check compares the storefront's count
 * (`groupBuyerCounts`) with that definition asked of the orders themselves.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../app/db/schema/index.ts";
import { ORDER_STATUSES, PAID_ORDER_STATUSES } from "../../app/domain/orders/orders.ts";
import { groupBuyerCounts } from "../../app/services/shared/order-rules.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct, type ProductRow } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

const database = setupTestDatabase();
const db = () => database.db;

let cycleId: number;
let otherCycleId: number;
let pointId: number;
let buyers: MemberRow[];
let productsOnSale: ProductRow[];

/** DESIGN §4.3 asked of the orders: distinct members with a paid order and an active line. */
async function countedFromOrders(cycle: number): Promise<Map<number, number>> {
  const rows = await db()
    .select({
      productId: orderLines.productId,
      buyers: sql<number>`count(distinct ${orders.memberId})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.cycleId, cycle),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
        eq(orderLines.status, "active"),
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.map((row) => [row.productId, row.buyers]));
}

async function expectCountsAgree() {
  for (const cycle of [cycleId, otherCycleId]) {
    expect(await groupBuyerCounts(db(), cycle)).toEqual(await countedFromOrders(cycle));
  }
}

function order(memberIndex: number, productIndexes: number[], status: (typeof ORDER_STATUSES)[number]) {
  return paidOrder(db(), {
    cycleId,
    memberId: buyers[memberIndex]!.id,
    pickupPointId: pointId,
    lines: productIndexes.map((index) => ({ product: productsOnSale[index]!, quantity: 1 })),
    status: status as "paid",
  });
}

beforeAll(async () => {
  cycleId = (await closedCycle(db())).id;
  otherCycleId = (await closedCycle(db(), 30)).id;
  const district = await createDistrict(db());
  pointId = (await createPickupPoint(db(), { districtId: district.id })).id;
  const category = await createCategory(db());
  productsOnSale = [];
  for (let i = 0; i < 3; i++) productsOnSale.push(await createProduct(db(), { categoryId: category.id }));
  buyers = [];
  for (let i = 0; i < 4; i++) buyers.push(await createMember(db()));
});

describe("group buyers (decision 0043)", () => {
  it("counts an order's lines exactly in the statuses that are paid (PAID_ORDER_STATUSES)", async () => {
    const placed = await order(0, [0], "pending_payment");
    const product = productsOnSale[0]!.id;
    const paid: readonly string[] = PAID_ORDER_STATUSES;
    // Into every status from one that is not paid and from one that is.
    for (const from of ["pending_payment", "paid"] as const) {
      for (const to of ORDER_STATUSES) {
        await db().update(orders).set({ status: from }).where(eq(orders.id, placed.id));
        await db().update(orders).set({ status: to }).where(eq(orders.id, placed.id));
        const counted = (await groupBuyerCounts(db(), cycleId, [product])).get(product) ?? 0;
        expect([from, to, counted]).toEqual([from, to, paid.includes(to) ? 1 : 0]);
      }
    }
    await expectCountsAgree();
  });

  it("counts a member once however many paid orders and lines they hold for a product", async () => {
    const first = await order(1, [1, 2], "paid");
    await order(1, [1], "confirmed");
    const counts = await groupBuyerCounts(db(), cycleId, [productsOnSale[1]!.id, productsOnSale[2]!.id]);
    expect(counts.get(productsOnSale[1]!.id)).toBe(1);
    // One of the two orders cancelled: the member still counts for product 1 by the other.
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, first.id));
    expect((await groupBuyerCounts(db(), cycleId)).get(productsOnSale[1]!.id)).toBe(1);
    expect((await groupBuyerCounts(db(), cycleId)).get(productsOnSale[2]!.id)).toBeUndefined();
    await expectCountsAgree();
  });

  it("follows lines cancelled, lines added to a paid order and orders moved to another cycle or member", async () => {
    const placed = await order(2, [0, 1], "paid");
    const [line] = await db()
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, placed.id), eq(orderLines.productId, productsOnSale[0]!.id)));
    await db()
      .update(orderLines)
      .set({ status: "cancelled_group_failed" })
      .where(eq(orderLines.id, line!.id));
    await expectCountsAgree();
    await db().update(orderLines).set({ status: "active" }).where(eq(orderLines.id, line!.id));
    await expectCountsAgree();
    await db()
      .update(orderLines)
      .set({ productId: productsOnSale[2]!.id })
      .where(eq(orderLines.id, line!.id));
    await expectCountsAgree();
    // Many lines in one statement, as settlement cancels a failed group's, and back again.
    await db()
      .update(orderLines)
      .set({ status: "cancelled_group_failed" })
      .where(eq(orderLines.productId, productsOnSale[1]!.id));
    await expectCountsAgree();
    await db()
      .update(orderLines)
      .set({ status: "active" })
      .where(eq(orderLines.productId, productsOnSale[1]!.id));
    await expectCountsAgree();
    await db().update(orders).set({ cycleId: otherCycleId }).where(eq(orders.id, placed.id));
    await expectCountsAgree();
    await db().update(orders).set({ memberId: buyers[3]!.id }).where(eq(orders.id, placed.id));
    await expectCountsAgree();
  });

  it("agrees with the orders after a random walk of payments, cancellations and line changes", async () => {
    // A seeded walk, so a failure can be replayed.
    let seed = 20261127;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const placed: number[] = [];
    for (let step = 0; step < 120; step++) {
      const move = random(4);
      if (move === 0 || placed.length === 0) {
        const picked = [0, 1, 2].filter(() => random(2) === 0);
        const made = await order(random(4), picked.length > 0 ? picked : [random(3)], "pending_payment");
        placed.push(made.id);
      } else if (move === 1 || move === 2) {
        const status = ORDER_STATUSES[random(ORDER_STATUSES.length)]!;
        await db()
          .update(orders)
          .set({ status })
          .where(eq(orders.id, placed[random(placed.length)]!));
      } else {
        const lines = await db()
          .select({ id: orderLines.id, status: orderLines.status })
          .from(orderLines)
          .where(eq(orderLines.orderId, placed[random(placed.length)]!));
        const target = lines[random(lines.length)];
        if (target) {
          const status = target.status === "active" ? "cancelled_group_failed" : "active";
          await db().update(orderLines).set({ status }).where(eq(orderLines.id, target.id));
        }
      }
    }
    await expectCountsAgree();
  });
});
