/**
 * The order back office (issue 5 item 6, DESIGN §4.6): /admin/order's list, detail, CSV and print
 * view, and the status changes an admin makes — cancel before the cut-off
 * with everything paid credited to dDollar, mark a pickup point's orders ready (texting each
 * member), and collect an order by its pickup code. Every change writes an order event with the
 * admin as actor, under row locks or conditional updates, so a double click or two admins at once
 * change an order once. (An admin's check of a PayMe or FPS transfer is the payments area's:
 * `payments.confirmTransfer`.)
 */
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { RefundService } from "../refunds/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { createOrderCancelService } from "./order-cancel.server.ts";
import { createOrderListService } from "./order-list.server.ts";
import { createOrderPickupService } from "./order-pickup.server.ts";

export function createOrderAdminService(
  deps: ServiceDeps,
  providers: { sms: SmsProvider; refunds?: Pick<RefundService, "sendCardRefunds"> },
) {
  return {
    ...createOrderListService(deps),
    ...createOrderCancelService(deps, providers.refunds),
    ...createOrderPickupService(deps, providers.sms),
  };
}
