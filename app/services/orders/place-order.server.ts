import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { cartItems, discountCodes, orderLines, orders } from "~/db/schema/index.ts";
import { type CheckoutAmounts, checkoutAmounts } from "~/domain/cart/checkout.ts";
import { deliveryFee, type OrderRefusal, orderNumber, PAYMENT_WINDOW_MS } from "~/domain/orders/orders.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { writeLedgerEntry } from "../dollars/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { checkDiscountCode, liveOrdersOf } from "../shared/order-rules.server.ts";
import {
  lockMember,
  newOrderIdentity,
  openCycleAfterCutoff,
  openCycleAt,
  orderByKey,
  selectedLines,
} from "./checkout-reads.server.ts";
import { expireDueOrders } from "./expire-orders.server.ts";
import { recordPlaced } from "./order-state.server.ts";
import { takeStock } from "./stock.server.ts";

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
  | {
      status: "placed";
      orderId: number;
      number: string;
      payableCents: number;
      orderStatus: string;
      replayed: boolean;
    }
  | { status: "refused"; reason: OrderRefusal; products?: ProductName[] };

/** A product a refusal names, in both languages (issue 48): the page shows the one it reads. */
interface ProductName {
  name: string;
  nameEn: string;
}

/** The order an earlier request with the same key placed, answered again. */
function replayed(order: {
  id: number;
  number: string;
  payableCents: number;
  status: string;
}): PlaceOrderResult {
  const { id, status, ...rest } = order;
  return { status: "placed", orderId: id, ...rest, orderStatus: status, replayed: true };
}

/** Thrown inside the transaction to roll everything back with a reason for the member. */
class Refused extends Error {
  constructor(
    readonly reason: OrderRefusal,
    readonly products: ProductName[] = [],
  ) {
    super(reason);
  }
}

export function createOrderService({ db, log }: ServiceDeps, sms: SmsProvider) {
  return {
    async placeOrder(memberId: string, input: PlaceOrderInput, now = new Date()): Promise<PlaceOrderResult> {
      try {
        return await db.transaction((tx) => place(tx, memberId, input, now));
      } catch (error) {
        // Sent after the cut-off before the job closed the cycle: close it (or find it closed by
        // another request) and order in next week's.
        if (
          error instanceof Refused &&
          error.reason === "cycleClosed" &&
          (await openCycleAfterCutoff(db, now))
        ) {
          return this.placeOrder(memberId, input, now);
        }
        if (error instanceof Refused)
          return { status: "refused", reason: error.reason, products: error.products };
        // Two requests with one key at the same moment: the loser finds the winner's order.
        if (isUniqueViolation(error, "orders_member_idempotency_idx")) {
          const replay = await orderByKey(db, memberId, input.idempotencyKey);
          if (replay) return replayed(replay);
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

async function place(tx: Tx, memberId: string, input: PlaceOrderInput, now: Date): Promise<PlaceOrderResult> {
  // The member's row first: one checkout at a time per member (the balance, the cart, the
  // idempotency key), and everything after is read while it is held.
  const member = await lockMember(tx, memberId);
  if (!member) throw new Refused("cartEmpty");
  const replay = await orderByKey(tx, memberId, input.idempotencyKey);
  if (replay) return replayed(replay);

  const cycle = await openCycleAt(tx, { now, memberId, pickupPointId: input.pickupPointId });
  if (!cycle) throw new Refused("cycleClosed");
  if (cycle.pointId === null || cycle.deliveryChargeCents === null) throw new Refused("pickupPointMissing");
  const point = {
    id: cycle.pointId,
    deliveryChargeCents: cycle.deliveryChargeCents,
    free: cycle.freeDelivery ?? false,
  };

  const lines = await selectedLines(tx, memberId, input.productIds);
  checkLines(lines, input);
  await checkLimits(tx, memberId, cycle.id, lines);
  const code = await countDiscountCode(tx, memberId, input.discountCode, lines, now);
  const amounts = checkoutAmounts({
    lines: lines.map((line) => ({ ...line, selected: true })),
    percentageDiscount: code?.percentageDiscount,
    deliveryFeeCents: deliveryFee(point, cycle.feePaid),
    balanceCents: member.balance,
  });

  // DESIGN §4.7: the same product in several lines summed first; in id order, so that a refusal
  // names the products in the order they are locked.
  const wanted = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.product.id - b.product.id))
    wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
  // Short already as read (null: unlimited): refused before writing or queueing for a row lock.
  const shortAsRead = lines.filter(
    (line) => (line.product.stock ?? Infinity) < (wanted.get(line.product.id) ?? 0),
  );
  if (shortAsRead.length > 0) throw soldOut(lines, [...new Set(shortAsRead.map((line) => line.product.id))]);

  const { id, pickupCode } = await newOrderIdentity(tx);
  const number = orderNumber(id, now);
  const status = amounts.payableCents === 0 ? "paid" : "pending_payment";
  await writeOrder(
    tx,
    { id, number, memberId, cycleId: cycle.id, pointId: point.id, pickupCode, status },
    input,
    {
      lines,
      amounts,
      code,
      now,
    },
  );
  if (amounts.dDollarUsedCents > 0) await payWithDollars(tx, memberId, id, amounts.dDollarUsedCents, now);
  // Last, so the products' row locks are held only until the commit that follows.
  const short = await takeStock(tx, wanted);
  if (short.length > 0) throw soldOut(lines, short);
  return {
    status: "placed",
    orderId: id,
    number,
    payableCents: amounts.payableCents,
    orderStatus: status,
    replayed: false,
  };
}

type CartLine = Awaited<ReturnType<typeof selectedLines>>[number];

const nameOf = ({ product }: CartLine): ProductName => ({ name: product.name, nameEn: product.nameEn });

function checkLines(lines: readonly CartLine[], input: PlaceOrderInput): void {
  if (lines.length === 0) throw new Refused("cartEmpty");
  const unpublished = lines.filter((line) => !line.product.isPublished).map((line) => nameOf(line));
  if (unpublished.length > 0) throw new Refused("soldOut", unpublished);
  if (lines.some((line) => line.product.ageRestricted) && !input.ageConfirmed)
    throw new Refused("ageNotConfirmed");
}

/** Products limited per member: what this member's live orders in the cycle hold counts too. */
async function checkLimits(
  tx: Tx,
  memberId: string,
  cycleId: number,
  lines: readonly CartLine[],
): Promise<void> {
  const limited = lines.filter((line) => line.product.maxPerMember !== null);
  if (limited.length === 0) return;
  const held = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        liveOrdersOf(memberId, cycleId),
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
      over.map((line) => nameOf(line)),
    );
}

/** The discount code, checked on the items amount, its use counted by a conditional update. */
async function countDiscountCode(
  tx: Tx,
  memberId: string,
  text: string | undefined,
  lines: readonly CartLine[],
  now: Date,
): Promise<{ id: number; percentageDiscount: number } | undefined> {
  const code = text?.trim();
  if (!code) return undefined;
  const { itemsCents } = checkoutAmounts({
    lines: lines.map((line) => ({ ...line, selected: true })),
    deliveryFeeCents: 0,
    balanceCents: 0,
  });
  const checked = await checkDiscountCode(tx, { memberId, code, itemsCents, now, lock: true });
  if (checked.status === "refused") throw new Refused(checked.refusal);
  const counted = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, checked.code.id),
        sql`(${discountCodes.totalLimit} is null or ${discountCodes.usedCount} < ${discountCodes.totalLimit})`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (counted.length === 0) throw new Refused("codeUsedUp");
  return { id: checked.code.id, percentageDiscount: checked.code.percentageDiscount };
}

/** The order, its lines and first status event, and the cart lines it empties. */
async function writeOrder(
  tx: Tx,
  order: {
    id: number;
    number: string;
    memberId: string;
    cycleId: number;
    pointId: number;
    pickupCode: string;
    status: "paid" | "pending_payment";
  },
  input: PlaceOrderInput,
  {
    lines,
    amounts,
    code,
    now,
  }: {
    lines: readonly CartLine[];
    amounts: CheckoutAmounts;
    code: { id: number; percentageDiscount: number } | undefined;
    now: Date;
  },
): Promise<void> {
  const paidNow = order.status === "paid";
  await tx.insert(orders).values({
    id: order.id,
    number: order.number,
    memberId: order.memberId,
    cycleId: order.cycleId,
    status: order.status,
    pickupPointId: order.pointId,
    pickupCode: order.pickupCode,
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
    expiresAt: paidNow ? null : new Date(now.getTime() + PAYMENT_WINDOW_MS),
    paidAt: paidNow ? now : null,
    // The member hears of it from the order-notices job: paid at once (dDollar) or placed.
    pendingNotice: paidNow ? "paid" : "placed",
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(orderLines).values(
    lines.map((line, index) => ({
      orderId: order.id,
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
      unitPriceCents: amounts.lines[index]?.unitPriceCents ?? 0,
      amountCents: amounts.lines[index]?.amountCents ?? 0,
    })),
  );
  await recordPlaced(tx, order, { actorId: order.memberId, note: "", now });
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.memberId, order.memberId),
      inArray(
        cartItems.productId,
        lines.map((line) => line.product.id),
      ),
    ),
  );
}

/** The dDollar the order uses, out of the member's balance through the ledger (DESIGN §4.5). */
async function payWithDollars(
  tx: Tx,
  memberId: string,
  orderId: number,
  cents: number,
  now: Date,
): Promise<void> {
  await writeLedgerEntry(tx, {
    memberId,
    amountCents: -cents,
    reason: "order_payment",
    orderId,
    key: `order:${orderId}:payment`,
    now,
  });
}

function soldOut(lines: readonly CartLine[], ids: readonly number[]): Refused {
  const byId = new Map(lines.map((line) => [line.product.id, nameOf(line)]));
  return new Refused(
    "soldOut",
    ids.map((id) => byId.get(id) ?? { name: "", nameEn: "" }),
  );
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const pg = cause as { code?: string; constraint?: string };
  return pg?.code === "23505" && pg.constraint === constraint;
}
