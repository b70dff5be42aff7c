/** The pickup console's reads shared by its look-ups and its hand-over (issue 31 item 2). */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import {
  dollarLedger,
  members,
  orderEvents,
  orderLines,
  orders,
  pickupShortages,
} from "~/db/schema/index.ts";
import { missingLineRefund } from "../cycles/index.ts";

/** When an order was collected and by whom (its latest `collected` event). */
export const collectedEvent = (tx: Pick<Tx, "select">, orderId: number) =>
  tx
    .select({ at: orderEvents.createdAt, byLastName: members.lastName, byFirstName: members.firstName })
    .from(orderEvents)
    .leftJoin(members, eq(members.id, orderEvents.actorId))
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "collected")))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);

/** What the ledger has credited a line so far. */
const creditedCents = sql<number>`coalesce((select sum(${dollarLedger.amountCents}) from ${dollarLedger} where ${dollarLedger.orderLineId} = ${orderLines.id} and ${dollarLedger.amountCents} > 0), 0)::int`;

/**
 * The order's active lines among `lineIds` not yet marked missing, each with what it gives back if
 * missing, by settlement's own rule (`missingLineRefund`, decision 0037).
 */
export function creditedLines(executor: Pick<Tx, "select">, orderId: number, lineIds: number[]) {
  return executor
    .select({
      id: orderLines.id,
      name: orderLines.name,
      nameEn: orderLines.nameEn,
      quantity: orderLines.quantity,
      unit: orderLines.unit,
      defaultWeight: orderLines.defaultWeight,
      actualWeight: orderLines.actualWeight,
      refundCents: missingLineRefund(orderLines.amountCents, orders.percentageDiscount, creditedCents),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(pickupShortages, eq(pickupShortages.orderLineId, orderLines.id))
    .where(
      and(
        eq(orderLines.orderId, orderId),
        inArray(orderLines.id, lineIds),
        eq(orderLines.status, "active"),
        sql`${pickupShortages.orderLineId} is null`,
      ),
    )
    .orderBy(asc(orderLines.id));
}
