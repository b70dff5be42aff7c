/**
 * A settled cycle for the owner's dashboard, store credit and exports (issue 46): the busy week of
 * issue 6 (group met and missed, a failed limited group, weighed lines, a 90 % code, delivery run
 * fee, a referral) paid by card, PayMe and FPS, one order partly paid with dDollar, a card paid
 * twice (kept as dDollar), an order paid then cancelled, a line weighed after settlement, a line
 * missing at pickup, an admin's adjustment, visitors and a cart; and a smaller cycle the week before.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/db/client.server.ts";
import { cartItems, members, orderLines, orders, pageViews, payments } from "../../app/db/schema/index.ts";
import type { Services } from "../../app/services/context.server.ts";
import { writeLedger } from "../../app/services/dollars/ledger.server.ts";
import { createMember } from "./admin-fixtures.ts";
import { busyWeek } from "./group-buying-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

type Order = typeof orders.$inferSelect;

let reference = 0;

/** A payment that arrived for the order: card (with its 1.5 % fee on the order), PayMe or FPS. */
async function pay(
  db: Db,
  order: Order,
  provider: "card" | "payme" | "fps",
  options: { keptReason?: "duplicate"; receivedCents?: number } = {},
) {
  reference += 1;
  let amount = order.payableCents;
  if (provider === "card" && !options.keptReason) {
    const fee = Math.round(order.payableCents * 0.015);
    await db.update(orders).set({ cardFeeCents: fee, paymentMethod: "card" }).where(eq(orders.id, order.id));
    amount += fee;
  } else if (!options.keptReason) {
    await db.update(orders).set({ paymentMethod: provider }).where(eq(orders.id, order.id));
  }
  const received = options.receivedCents ?? amount;
  const [row] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider,
      providerRef: `${provider}_owner_${reference}`,
      amountCents: received,
      status: "succeeded",
      receivedCents: received,
      keptReason: options.keptReason ?? null,
    })
    .returning();
  return row!;
}

async function credit(
  db: Db,
  entry: {
    memberId: string;
    cents: number;
    reason: Parameters<typeof writeLedger>[1][number]["reason"];
    orderId?: number;
    orderLineId?: number;
    key: string;
    at?: Date;
  },
) {
  await db.transaction((tx) =>
    writeLedger(tx, [
      {
        memberId: entry.memberId,
        amountCents: entry.cents,
        reason: entry.reason,
        orderId: entry.orderId ?? null,
        orderLineId: entry.orderLineId ?? null,
        key: entry.key,
        now: entry.at ?? new Date(),
      },
    ]),
  );
}

export async function ownersWeek(db: Db, services: Services) {
  const earlier = await closedCycle(db, 24 * 7 + 2);
  const cycle = await closedCycle(db, 2);
  const week = await busyWeek(db, cycle);
  const { first, second, referee } = week.members;
  const { firstOrder, secondOrder, refereeOrder } = week.orders;

  // The second member had $50 of dDollar and spent $30 of it on the order.
  await credit(db, { memberId: second.id, cents: 5_000, reason: "admin_adjustment", key: "owner:gift" });
  await credit(db, {
    memberId: second.id,
    cents: -3_000,
    reason: "order_payment",
    orderId: secondOrder.id,
    key: "owner:spent",
  });
  await db
    .update(orders)
    .set({ dDollarUsedCents: 3_000, payableCents: sql`${orders.payableCents} - 3000` })
    .where(eq(orders.id, secondOrder.id));
  const reread = async (order: Order) => (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
  await pay(db, await reread(firstOrder), "card");
  await pay(db, await reread(secondOrder), "payme");
  await pay(db, await reread(refereeOrder), "fps");
  // The card paid twice: the second payment is kept as dDollar (decision 0048).
  const kept = await pay(db, await reread(firstOrder), "card", {
    keptReason: "duplicate",
    receivedCents: 12_345,
  });
  await credit(db, {
    memberId: first.id,
    cents: 12_345,
    reason: "duplicate_payment_refund",
    orderId: firstOrder.id,
    key: `payment:${kept.id}:kept`,
  });
  // An order paid by FPS, then cancelled by an admin before the cut-off and refunded as dDollar.
  const cancelled = await paidOrder(db, {
    cycleId: cycle.id,
    memberId: second.id,
    pickupPointId: week.points.plain.id,
    lines: [{ product: week.products.pieces, quantity: 2 }],
  });
  await pay(db, cancelled, "fps");
  await db.execute(sql`update orders set status = 'cancelled' where id = ${cancelled.id}`);
  await credit(db, {
    memberId: second.id,
    cents: cancelled.payableCents,
    reason: "cancel_refund",
    orderId: cancelled.id,
    key: `order:${cancelled.id}:cancel`,
  });

  const settled = await services.cycles.settlement.settleCycle(cycle.id);
  if (settled.status !== "settled") throw new Error(`not settled: ${settled.status}`);

  // Weighed after settlement: 2 × 1.5 斤 charged $150.00, 2.7 斤 weighed → $15.00 back.
  const [weighLine] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      sql`${orderLines.orderId} = ${firstOrder.id} and ${orderLines.productId} = ${week.products.weighed.id}`,
    );
  const weighed = await services.cycles.settlement.weighLine(weighLine!.id, 2.7);
  if (weighed.status !== "weighed") throw new Error("not weighed");
  // A bunch of 菜心 missing at pickup: its $25.00 back.
  const [missingLine] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      sql`${orderLines.orderId} = ${refereeOrder.id} and ${orderLines.productId} = ${week.products.pieces.id}`,
    );
  await credit(db, {
    memberId: referee.id,
    cents: 2_500,
    reason: "missing_refund",
    orderId: refereeOrder.id,
    orderLineId: missingLine!.id,
    key: `line:${missingLine!.id}:missing`,
  });

  // The week before: one small order paid by card.
  const earlierMember = await createMember(db, {
    createdAt: new Date(earlier.cutoffAt.getTime() - 3_600_000),
  });
  const earlierOrder = await paidOrder(db, {
    cycleId: earlier.id,
    memberId: earlierMember.id,
    pickupPointId: week.points.plain.id,
    lines: [{ product: week.products.pieces, quantity: 4 }],
    createdAt: new Date(earlier.cutoffAt.getTime() - 1_800_000),
  });
  await pay(db, earlierOrder, "card");
  const earlierSettled = await services.cycles.settlement.settleCycle(earlier.id);
  if (earlierSettled.status !== "settled") throw new Error("earlier cycle not settled");

  // Visitors and a cart during the cycle, and a member who joined then.
  const during = new Date(cycle.cutoffAt.getTime() - 3_600_000);
  const browser = await createMember(db, { createdAt: during });
  await db.insert(pageViews).values([
    { path: "/", visitorId: "v1", createdAt: during },
    { path: "/all", visitorId: "v1", createdAt: during },
    { path: "/", visitorId: "v2", createdAt: during },
    { path: "/cart", visitorId: null, createdAt: during },
    // Outside every period asked about: after the cut-off.
    { path: "/", visitorId: "v9", createdAt: new Date(cycle.cutoffAt.getTime() + 60_000) },
  ]);
  await db
    .insert(cartItems)
    .values({ memberId: browser.id, productId: week.products.met.id, quantity: 1, createdAt: during });
  const balances = await db.select({ id: members.id, cents: members.dDollarCents }).from(members);
  return { cycle, earlier, week, cancelled, kept, balances };
}
