/**
 * The order back office (issue 5 item 6, DESIGN §4.6): /admin/order's list, detail, CSV and print
 * view, and the status changes an admin makes — mark a PayMe order paid, cancel before the cut-off
 * with everything paid credited to dDollar, mark a pickup point's orders ready (texting each
 * member), and collect an order by its pickup code. Every change writes an order event with the
 * admin as actor, under row locks or conditional updates, so a double click or two admins at once
 * change an order once.
 */
import { and, desc, eq } from "drizzle-orm";
import { orders, payments } from "~/db/schema/index.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { type createPaymentService, type KeptOutcome, moneyReceived } from "../payments/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { claimPayment } from "../shared/order-rules.server.ts";
import { createOrderCancelService } from "./order-cancel.server.ts";
import { createOrderListService } from "./order-list.server.ts";
import { createOrderPickupService } from "./order-pickup.server.ts";

export type { CancelResult } from "./order-cancel.server.ts";
export { ORDER_EXPORT_MAX, ORDER_PRINT_MAX } from "./order-list.server.ts";
export type { CollectResult } from "./order-pickup.server.ts";

export type MarkPaidResult =
  | { status: "paid" | "alreadyPaid" | KeptOutcome; number: string }
  | { status: "not_found" }
  | { status: "notPayme" | "notPayable"; number: string };

export function createOrderAdminService(
  deps: ServiceDeps,
  providers: { sms: SmsProvider; payments: ReturnType<typeof createPaymentService> },
) {
  const { db } = deps;
  return {
    ...createOrderListService(deps),
    ...createOrderCancelService(deps),
    ...createOrderPickupService(deps, providers.sms),

    /**
     * An admin has seen the member's PayMe or FPS transfer: the order becomes paid through the one way
     * orders are paid (payments.complete), with the admin as the event's actor. A second click
     * finds the payment settled and changes nothing.
     */
    async markPaid(adminId: string, orderId: number): Promise<MarkPaidResult> {
      const [order] = await db
        .select({ number: orders.number, status: orders.status, paymentMethod: orders.paymentMethod })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) return { status: "not_found" };
      const [claim] = await db
        .select({
          provider: payments.provider,
          providerRef: payments.providerRef,
          amountCents: payments.amountCents,
        })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), claimPayment))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!claim?.providerRef) return { status: "notPayme", number: order.number };
      if (order.status === "pending_payment" && order.paymentMethod !== claim.provider) {
        return { status: "notPayme", number: order.number };
      }
      const outcome = await providers.payments.complete(
        claim.providerRef,
        { succeeded: true, amountCents: claim.amountCents },
        adminId,
      );
      if (moneyReceived(outcome)) {
        return { status: outcome as "paid" | "alreadyPaid" | KeptOutcome, number: order.number };
      }
      return { status: "notPayable", number: order.number };
    },
  };
}
