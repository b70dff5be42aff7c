/**
 * Placing an order (DESIGN §4.6): one transaction that reads the member's selected cart lines,
 * checks the cycle, pickup point, age confirmation, limits and discount code, counts the code's
 * use, writes the order with its lines and first status event, debits dDollar through the ledger
 * and, last, reserves stock. It is idempotent on the checkout form's key, so a double click or a
 * retry finds the order already placed. Unpaid orders expire after 30 minutes, and PayMe claims the
 * shop did not confirm by their deadline likewise, giving stock, the code's use and dDollar back
 * (`expireDueOrders`, safe with several instances).
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { withCommit } from "~/db/pipelined.server.ts";
import { prepared } from "~/db/prepared.server.ts";
import {
  cartItems,
  discountCodes,
  dollarLedger,
  members,
  merchants,
  orderCycles,
  orderEvents,
  orderLines,
  orders,
  payments,
  pickupPoints,
  products,
} from "~/db/schema/index.ts";
import { checkoutAmounts } from "~/domain/cart/checkout.ts";
import {
  deliveryFee,
  type OrderRefusal,
  orderNumber,
  PAYMENT_WINDOW_MS,
  pickupCode,
} from "~/domain/orders/orders.ts";
import { formatHkDateTime } from "~/domain/shared/dates.ts";
import { t as claimText } from "~/i18n/payme-claim.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { closeDueCycle } from "../shared/cycle-rules.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { checkDiscountCode, deliveryFeePaidIn, liveOrdersOf } from "../shared/order-rules.server.ts";

// The checkout's statements, built and planned once (decision 0022); `tx` is the transaction.
const lockMember = prepared("checkout_lock_member", (tx) =>
  tx
    .select({ id: members.id, balance: members.dDollarCents })
    .from(members)
    .where(eq(members.id, sql.placeholder("memberId")))
    .for("update"),
);

const orderByKey = prepared("checkout_order_by_key", (runner) =>
  runner
    .select({
      id: orders.id,
      number: orders.number,
      payableCents: orders.payableCents,
      status: orders.status,
    })
    .from(orders)
    .where(
      and(
        eq(orders.memberId, sql.placeholder("memberId")),
        eq(orders.idempotencyKey, sql.placeholder("key")),
      ),
    ),
);

/** The open cycle, the pickup point and whether this cycle's delivery fee is paid, in one read. */
const openCycleAt = prepared("checkout_open_cycle", (tx) =>
  tx
    .select({
      id: orderCycles.id,
      pointId: pickupPoints.id,
      deliveryChargeCents: pickupPoints.deliveryChargeCents,
      freeDelivery: merchants.freeDelivery,
      feePaid: deliveryFeePaidIn(sql.placeholder("memberId"), orderCycles.id),
    })
    .from(orderCycles)
    .leftJoin(
      pickupPoints,
      and(eq(pickupPoints.id, sql.placeholder("pickupPointId")), eq(pickupPoints.active, true)),
    )
    .leftJoin(merchants, eq(merchants.id, pickupPoints.merchantId))
    .where(and(eq(orderCycles.status, "open"), gt(orderCycles.cutoffAt, sql.placeholder("now"))))
    // Closing the cycle at its cut-off waits for orders being placed in it, and vice versa. A
    // weaker lock saves nothing: the order's cycle foreign key share-locks this row anyway.
    .for("share", { of: orderCycles }),
);

/** The member's selected cart lines with their products, oldest first; `productIds` narrows them. */
function selectedCartLines(name: string, narrowed: boolean) {
  return prepared(name, (tx) =>
    tx
      .select({
        quantity: cartItems.quantity,
        product: {
          id: products.id,
          name: products.name,
          mode: products.mode,
          priceCents: products.priceCents,
          gatherPriceCents: products.gatherPriceCents,
          marketPriceCents: products.marketPriceCents,
          unit: products.unit,
          defaultWeight: products.defaultWeight,
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
          eq(cartItems.memberId, sql.placeholder("memberId")),
          eq(cartItems.selected, true),
          narrowed ? sql`${cartItems.productId} = any(${sql.placeholder("productIds")}::int[])` : undefined,
        ),
      )
      .orderBy(asc(cartItems.createdAt), asc(cartItems.productId)),
  );
}
const cartLines = selectedCartLines("checkout_cart_lines", false);
const cartLinesOf = selectedCartLines("checkout_cart_lines_of", true);

/**
 * The order, its lines, its first status event and the cart lines it empties: one statement of
 * fixed shape, so that it is prepared too; the lines come in as one array per column.
 */
const writeOrder = prepared("checkout_write_order", (tx) => {
  const value = (name: string) => sql.placeholder(name);
  const order = tx.$with("new_order").as(
    tx
      .insert(orders)
      .values({
        id: value("id"),
        number: value("number"),
        memberId: value("memberId"),
        cycleId: value("cycleId"),
        status: value("status"),
        pickupPointId: value("pickupPointId"),
        pickupCode: value("pickupCode"),
        remark: value("remark"),
        discountCodeId: value("discountCodeId"),
        percentageDiscount: value("percentageDiscount"),
        itemsCents: value("itemsCents"),
        discountCents: value("discountCents"),
        deliveryFeeCents: value("deliveryFeeCents"),
        dDollarUsedCents: value("dDollarUsedCents"),
        payableCents: value("payableCents"),
        paymentMethod: value("paymentMethod"),
        ageConfirmed: value("ageConfirmed"),
        idempotencyKey: value("idempotencyKey"),
        // Nullable timestamps as SQL: a placeholder bound to the column would map null with toISOString.
        expiresAt: sql`${value("expiresAt")}::timestamptz`,
        paidAt: sql`${value("paidAt")}::timestamptz`,
        // The member hears of it from the order-notices job: paid at once (dDollar) or placed.
        pendingNotice: sql`case when ${value("status")} = 'paid' then 'paid' else 'placed' end`,
        createdAt: value("now"),
        updatedAt: value("now"),
      })
      .returning({ id: orders.id }),
  );
  const columns = (...names: { name: string }[]) =>
    sql.join(
      names.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  const lines = tx.$with("new_order_lines", {}).as(
    sql`insert into ${orderLines} (${columns(
      orderLines.orderId,
      orderLines.productId,
      orderLines.name,
      orderLines.mode,
      orderLines.unit,
      orderLines.defaultWeight,
      orderLines.quantity,
      orderLines.priceCents,
      orderLines.gatherPriceCents,
      orderLines.marketPriceCents,
      orderLines.unitPriceCents,
      orderLines.amountCents,
    )})
    select ${value("id")}::bigint, line.* from unnest(
      ${value("productIds")}::int[], ${value("names")}::text[], ${value("modes")}::text[],
      ${value("units")}::text[], ${value("defaultWeights")}::numeric[], ${value("quantities")}::int[],
      ${value("priceCents")}::int[], ${value("gatherPriceCents")}::int[], ${value("marketPriceCents")}::int[],
      ${value("unitPriceCents")}::int[], ${value("amountCents")}::int[]
    ) as line`,
  );
  const event = tx.$with("new_order_event").as(
    tx
      .insert(orderEvents)
      .values({
        orderId: value("id"),
        fromStatus: null,
        toStatus: value("status"),
        actorId: value("memberId"),
        createdAt: value("now"),
      })
      .returning({ id: orderEvents.id }),
  );
  return tx
    .with(order, lines, event)
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.memberId, value("memberId")),
        sql`${cartItems.productId} = any(${value("productIds")}::int[])`,
      ),
    );
});

/** The order's lines as `writeOrder` takes them: one array per column, in the cart's order. */
function orderLineColumns(
  lines: Awaited<ReturnType<typeof cartLines>>,
  charged: readonly { unitPriceCents: number; amountCents: number }[],
) {
  return {
    productIds: lines.map((line) => line.product.id),
    names: lines.map((line) => line.product.name),
    modes: lines.map((line) => line.product.mode),
    units: lines.map((line) => line.product.unit),
    defaultWeights: lines.map((line) => line.product.defaultWeight),
    quantities: lines.map((line) => line.quantity),
    priceCents: lines.map((line) => line.product.priceCents),
    gatherPriceCents: lines.map((line) => line.product.gatherPriceCents),
    marketPriceCents: lines.map((line) => line.product.marketPriceCents),
    unitPriceCents: charged.map((line) => line.unitPriceCents),
    amountCents: charged.map((line) => line.amountCents),
  };
}

/** The products of `ids` that keep a stock count, locked in id order (every writer's order). */
const lockStock = prepared("stock_lock", (tx) =>
  tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder("ids")}::int[])`, isNotNull(products.stock)))
    .orderBy(asc(products.id))
    .for("no key update"),
);

const addToStock = prepared("stock_add", (tx) =>
  tx
    .update(products)
    .set({ stock: sql`${products.stock} + v.change` })
    .from(
      sql`unnest(${sql.placeholder("ids")}::int[], ${sql.placeholder("changes")}::int[]) as v(id, change)`,
    )
    .where(and(sql`${products.id} = v.id`, isNotNull(products.stock))),
);

/** A new order id from its sequence, and whether a pickup code is already some order's. */
const orderIdentity = prepared("checkout_order_identity", (tx) =>
  tx
    .select({
      id: sql<string>`nextval(pg_get_serial_sequence('orders', 'id'))`,
      taken: sql<boolean>`exists (select 1 from ${orders} where ${orders.pickupCode} = ${sql.placeholder("code")})`,
    })
    .from(sql`(values (1)) as one`),
);

export interface PlaceOrderInput {
  pickupPointId: number;
  remark: string;
  discountCode?: string | undefined;
  ageConfirmed: boolean;
  /** From the checkout form: the same key always gives the same order. */
  idempotencyKey: string;
  /**
   * The selected cart lines the checkout page showed; the order holds only those (an item added in
   * another tab meanwhile waits for the next checkout). None given: every selected line.
   */
  productIds?: number[] | undefined;
}

export type PlaceOrderResult =
  | { ok: true; orderId: number; number: string; payableCents: number; status: string; replayed: boolean }
  | { ok: false; reason: OrderRefusal; productNames?: string[] };

/** Thrown inside the transaction to roll everything back with a reason for the member. */
class Refused extends Error {
  constructor(
    readonly reason: OrderRefusal,
    readonly productNames: string[] = [],
  ) {
    super(reason);
  }
}

export function createOrderService({ db, log }: ServiceDeps, sms: SmsProvider) {
  const existing = (runner: Tx | Db, memberId: string, key: string) =>
    orderByKey(runner, { memberId, key }).then(([row]) => row);

  /** Closes a cycle whose cut-off has passed; true when a cycle now takes orders at `now`. */
  async function openCycleAfterCutoff(now: Date): Promise<boolean> {
    await closeDueCycle(db, now);
    const [open] = await db
      .select({ id: orderCycles.id })
      .from(orderCycles)
      .where(and(eq(orderCycles.status, "open"), gt(orderCycles.cutoffAt, now)));
    return open !== undefined;
  }

  async function place(memberId: string, input: PlaceOrderInput, now: Date): Promise<PlaceOrderResult> {
    const placed = await db.transaction(async (tx) => {
      // Sent together (decision 0023), the member's lock first: one checkout at a time per member
      // (the balance, the cart, the idempotency key), and what follows is read once it is held.
      const [[member], replay, [cycle], lines, { id, pickupCode }] = await Promise.all([
        lockMember(tx, { memberId }),
        existing(tx, memberId, input.idempotencyKey),
        // The open cycle, the pickup point and whether this cycle's delivery fee is paid.
        openCycleAt(tx, { now, memberId, pickupPointId: input.pickupPointId }),
        input.productIds
          ? cartLinesOf(tx, { memberId, productIds: input.productIds })
          : cartLines(tx, { memberId }),
        newOrderIdentity(tx),
      ]);
      if (!member) throw new Refused("cartEmpty");
      if (replay) return { result: { ok: true as const, orderId: replay.id, ...replay, replayed: true } };
      if (!cycle) throw new Refused("cycleClosed");
      if (cycle.pointId === null || cycle.deliveryChargeCents === null)
        throw new Refused("pickupPointMissing");
      const point = {
        id: cycle.pointId,
        deliveryChargeCents: cycle.deliveryChargeCents,
        free: cycle.freeDelivery ?? false,
      };

      if (lines.length === 0) throw new Refused("cartEmpty");
      const unpublished = lines.filter((line) => !line.product.isPublished).map((line) => line.product.name);
      if (unpublished.length > 0) throw new Refused("soldOut", unpublished);
      if (lines.some((line) => line.product.ageRestricted) && !input.ageConfirmed) {
        throw new Refused("ageNotConfirmed");
      }

      // Orders of this member in this cycle that still hold their lines.
      const live = liveOrdersOf(memberId, cycle.id);
      const limited = lines.filter((line) => line.product.maxPerMember !== null);
      if (limited.length > 0) {
        const held = await tx
          .select({
            productId: orderLines.productId,
            quantity: sql<number>`sum(${orderLines.quantity})::int`,
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(
            and(
              live,
              inArray(
                orderLines.productId,
                limited.map((line) => line.product.id),
              ),
            ),
          )
          .groupBy(orderLines.productId);
        const heldBy = new Map(held.map((row) => [row.productId, row.quantity]));
        const over = limited.filter(
          (line) => (heldBy.get(line.product.id) ?? 0) + line.quantity > (line.product.maxPerMember ?? 0),
        );
        if (over.length > 0)
          throw new Refused(
            "overLimit",
            over.map((line) => line.product.name),
          );
      }

      const feeCents = deliveryFee(point, cycle.feePaid);

      // The discount code: checked on the items amount, its use counted by a conditional update.
      const itemsOnly = checkoutAmounts({
        lines: lines.map((line) => ({ ...line, selected: true })),
        deliveryFeeCents: 0,
        balanceCents: 0,
      });
      let code: { id: number; percentageDiscount: number } | undefined;
      const codeText = input.discountCode?.trim();
      if (codeText) {
        const checked = await checkDiscountCode(tx, {
          memberId,
          code: codeText,
          itemsCents: itemsOnly.itemsCents,
          now,
          lock: true,
        });
        if (!checked.ok) throw new Refused(checked.refusal);
        const found = checked.code;
        const counted = await tx
          .update(discountCodes)
          .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
          .where(
            and(
              eq(discountCodes.id, found.id),
              sql`(${discountCodes.totalLimit} is null or ${discountCodes.usedCount} < ${discountCodes.totalLimit})`,
            ),
          )
          .returning({ id: discountCodes.id });
        if (counted.length === 0) throw new Refused("codeUsedUp");
        code = { id: found.id, percentageDiscount: found.percentageDiscount };
      }

      const amounts = checkoutAmounts({
        lines: lines.map((line) => ({ ...line, selected: true })),
        percentageDiscount: code?.percentageDiscount,
        deliveryFeeCents: feeCents,
        balanceCents: member.balance,
      });

      // DESIGN §4.7: the same product in several lines summed first; in id order, so that a
      // refusal names the products in the order they are locked.
      const wanted = new Map<number, number>();
      for (const line of [...lines].sort((a, b) => a.product.id - b.product.id))
        wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
      const productOf = new Map(lines.map((line) => [line.product.id, line.product]));
      // Short already as read (null: unlimited): refused before writing or queueing for a row lock.
      const shortAsRead = [...wanted].filter(
        ([id, quantity]) => (productOf.get(id)?.stock ?? Infinity) < quantity,
      );
      if (shortAsRead.length > 0)
        throw soldOut(
          productOf,
          shortAsRead.map(([id]) => id),
        );

      const paidNow = amounts.payableCents === 0;
      const status = paidNow ? "paid" : "pending_payment";
      const number = orderNumber(id, now);
      // Sent without waiting, with the commit behind them (decision 0023): the order, the dDollar
      // and, last, the stock, so the products' row locks are held only while PostgreSQL runs the
      // stock's two statements and commits. Too little stock breaks `products_stock_not_negative`
      // and the commit rolls everything back.
      const written = writeOrder(tx, {
        id,
        number,
        memberId,
        cycleId: cycle.id,
        status,
        pickupPointId: point.id,
        pickupCode,
        remark: input.remark,
        discountCodeId: code?.id ?? null,
        percentageDiscount: code?.percentageDiscount ?? 100,
        itemsCents: amounts.itemsCents,
        discountCents: amounts.discountCents,
        deliveryFeeCents: amounts.deliveryFeeCents,
        dDollarUsedCents: amounts.dDollarUsedCents,
        payableCents: amounts.payableCents,
        paymentMethod: paidNow ? "dDollar" : null,
        ageConfirmed: input.ageConfirmed,
        idempotencyKey: input.idempotencyKey,
        expiresAt: paidNow ? null : new Date(now.getTime() + PAYMENT_WINDOW_MS).toISOString(),
        paidAt: paidNow ? now.toISOString() : null,
        now,
        ...orderLineColumns(lines, amounts.lines),
      });
      const paidWithDollars =
        amounts.dDollarUsedCents > 0
          ? [
              tx
                .insert(dollarLedger)
                .values({
                  memberId,
                  amountCents: -amounts.dDollarUsedCents,
                  reason: "order_payment",
                  orderId: id,
                  idempotencyKey: `order:${id}:payment`,
                  createdAt: now,
                })
                .execute(),
              tx
                .update(members)
                .set({ dDollarCents: sql`${members.dDollarCents} - ${amounts.dDollarUsedCents}` })
                .where(eq(members.id, memberId))
                .execute(),
            ]
          : [];
      return {
        result: {
          ok: true as const,
          orderId: id,
          number,
          payableCents: amounts.payableCents,
          status,
          replayed: false,
        },
        sent: {
          statements: withCommit([written, ...paidWithDollars, ...takeStock(tx, wanted)]),
          wanted,
          productOf,
        },
      };
    });
    // Rolled back by the commit when a statement sent with it failed.
    const failure = await placed.sent?.statements.failure();
    if (failure && placed.sent && isCheckViolation(failure, "products_stock_not_negative")) {
      throw soldOut(placed.sent.productOf, await shortNow(placed.sent.wanted));
    }
    if (failure) throw failure;
    return placed.result;
  }

  /** The products of `wanted` short of it now: those a checkout rolled back by its stock lacked. */
  async function shortNow(wanted: ReadonlyMap<number, number>): Promise<number[]> {
    const rows = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]))
      .orderBy(asc(products.id));
    const short = rows.filter((row) => row.stock !== null && row.stock < (wanted.get(row.id) ?? 0));
    // Stocked up again meanwhile: every product the order wanted was in the race it lost.
    return (short.length > 0 ? short : rows).map((row) => row.id);
  }

  /**
   * The new order's id, taken from its sequence so that its number can be written with it, and a
   * pickup code no other order has (collisions are rare: 31⁶ ≈ 887 million codes).
   */
  async function newOrderIdentity(tx: Tx): Promise<{ id: number; pickupCode: string }> {
    for (;;) {
      const code = pickupCode((n) => randomInt(n));
      const [row] = await orderIdentity(tx, { code });
      if (row && !row.taken) return { id: Number(row.id), pickupCode: code };
    }
  }

  return {
    async placeOrder(memberId: string, input: PlaceOrderInput, now = new Date()): Promise<PlaceOrderResult> {
      try {
        return await place(memberId, input, now);
      } catch (error) {
        // Sent after the cut-off before the job closed the cycle: close it (or find it closed by
        // another request) and order in next week's.
        if (error instanceof Refused && error.reason === "cycleClosed" && (await openCycleAfterCutoff(now))) {
          return this.placeOrder(memberId, input, now);
        }
        if (error instanceof Refused)
          return { ok: false, reason: error.reason, productNames: error.productNames };
        // Two requests with one key at the same moment: the loser finds the winner's order.
        if (isUniqueViolation(error, "orders_member_idempotency_idx")) {
          const replay = await existing(db, memberId, input.idempotencyKey);
          if (replay) return { ok: true, orderId: replay.id, ...replay, replayed: true };
        }
        throw error;
      }
    },

    /**
     * DESIGN §4.6: unpaid after 30 minutes → expired, and a PayMe claim the shop did not confirm
     * by its deadline likewise (decision 0025); see `expireDueOrders`.
     */
    expireUnpaid(now = new Date(), batch = 50): Promise<number> {
      return expireDueOrders({ db, log }, sms, now, batch);
    },
  };
}

/**
 * DESIGN §4.6, decision 0025: every order still unpaid at its `expiresAt` becomes `expired` and
 * gives its stock, its code's use and its dDollar back (through the ledger). An unpaid order's
 * `expiresAt` is 30 minutes after it was placed; a PayMe claim moves it to the claim's deadline,
 * so a claim the shop did not confirm in time expires here too, and its member is texted why
 * after the commit (a text that cannot be sent is logged and changes nothing).
 *
 * Each order is taken with SKIP LOCKED, so several app instances can run this at once, and an
 * admin confirming the payment at the same moment either holds the order's row first (the
 * expiry skips it and it is paid) or finds it expired (the payment is kept as dDollar,
 * `payments.complete`): one wins, and nothing is given back twice.
 */
export async function expireDueOrders(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  sms: SmsProvider,
  now = new Date(),
  batch = 50,
): Promise<number> {
  let expired = 0;
  const claims: { id: number; number: string; deadline: Date }[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: orders.id,
          number: orders.number,
          memberId: orders.memberId,
          discountCodeId: orders.discountCodeId,
          dDollarUsedCents: orders.dDollarUsedCents,
          expiresAt: orders.expiresAt,
          claimed: sql<boolean>`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.provider} = 'payme')`,
        })
        .from(orders)
        .where(and(eq(orders.status, "pending_payment"), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(batch)
        .for("update", { skipLocked: true });
      // Rows are taken in the order a checkout takes them: the members it credits first (in
      // id order), then the codes and the products (`releaseHeld`). A checkout holds its
      // member while it counts its code's use, so a batch that took a code first could
      // deadlock with the next checkout of a member it credits.
      const credited = [
        ...new Set(due.filter((order) => order.dDollarUsedCents > 0).map((order) => order.memberId)),
      ];
      if (credited.length > 0) {
        await tx
          .select({ id: members.id })
          .from(members)
          .where(inArray(members.id, credited))
          .orderBy(asc(members.id))
          .for("update");
      }
      for (const order of due) {
        if (order.dDollarUsedCents > 0) {
          await tx.insert(dollarLedger).values({
            memberId: order.memberId,
            amountCents: order.dDollarUsedCents,
            reason: "order_release",
            orderId: order.id,
            idempotencyKey: `order:${order.id}:release`,
            createdAt: now,
          });
          await tx
            .update(members)
            .set({ dDollarCents: sql`${members.dDollarCents} + ${order.dDollarUsedCents}` })
            .where(eq(members.id, order.memberId));
        }
        await tx
          .update(orders)
          .set({ status: "expired", expiresAt: null, updatedAt: now })
          .where(eq(orders.id, order.id));
        await tx.insert(orderEvents).values({
          orderId: order.id,
          fromStatus: "pending_payment",
          toStatus: "expired",
          note: order.claimed ? claimText("paymeClaim.expired.note") : claimText("paymeClaim.unpaid.note"),
          createdAt: now,
        });
      }
      await releaseHeld(tx, due);
      return due;
    });
    expired += done.length;
    for (const order of done)
      if (order.claimed && order.expiresAt)
        claims.push({ id: order.id, number: order.number, deadline: order.expiresAt });
    if (done.length < batch) break;
  }
  if (expired > 0) log.info({ expired, paymeClaims: claims.length }, "unpaid orders expired");
  await textExpiredClaims({ db, log }, sms, claims);
  return expired;
}

/** Tells each member whose PayMe claim expired why the order was cancelled (decision 0025). */
async function textExpiredClaims(
  { db, log }: Pick<ServiceDeps, "db" | "log">,
  sms: SmsProvider,
  claims: readonly { id: number; number: string; deadline: Date }[],
): Promise<void> {
  if (claims.length === 0) return;
  const phones = await db
    .select({ id: orders.id, phone: members.phone })
    .from(orders)
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(
      inArray(
        orders.id,
        claims.map((claim) => claim.id),
      ),
    );
  const phoneOf = new Map(phones.map((row) => [row.id, row.phone]));
  for (const claim of claims) {
    const to = phoneOf.get(claim.id);
    if (!to) continue;
    try {
      await sms.send({
        to,
        body: claimText("paymeClaim.expired.sms", {
          number: claim.number,
          deadline: formatHkDateTime(claim.deadline),
        }),
      });
    } catch (error) {
      log.warn({ err: error, orderId: claim.id }, "PayMe claim expiry SMS not sent");
    }
  }
}

/**
 * DESIGN §4.7: sends the two statements that take `wanted` (product id → quantity) from stock,
 * without waiting for them (decision 0023). Unlimited products (stock null) are left alone. The
 * rows are locked in id order, so two carts holding the same products the other way round cannot
 * deadlock, and written by a statement of their own (see `changeStock`); a product with too
 * little breaks `products_stock_not_negative` and nothing is taken.
 */
function takeStock(tx: Tx, wanted: ReadonlyMap<number, number>): Promise<unknown>[] {
  const ids = [...wanted.keys()];
  return [lockStock(tx, { ids }), addToStock(tx, { ids, changes: ids.map((id) => -(wanted.get(id) ?? 0)) })];
}

function soldOut(productOf: ReadonlyMap<number, { name: string }>, ids: readonly number[]): Refused {
  return new Refused(
    "soldOut",
    ids.map((id) => productOf.get(id)?.name ?? ""),
  );
}

/**
 * Adds `change` to the stock of each product, rows this transaction has already locked. Its own
 * statement, whose snapshot sees the rows as locked: an UPDATE … FROM a locking CTE reached a row
 * changed meanwhile through its older version and deadlocked there under load.
 */
async function changeStock(tx: Tx, rows: readonly { id: number; change: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await addToStock(tx, { ids: rows.map((row) => row.id), changes: rows.map((row) => row.change) });
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
 * DESIGN §4.7: gives back the stock held by the lines of `orderIds`: the same product in several
 * lines or orders summed, unlimited products (stock null) left alone, the rows locked in id order
 * as `takeStock` takes them and then written by one UPDATE, so expiry batches, admin cancels
 * and checkouts holding the same products in other orders cannot deadlock.
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

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, "23505", constraint);
}

function isCheckViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, "23514", constraint);
}

function isViolation(error: unknown, code: string, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  return pg?.code === code && pg.constraint === constraint;
}
