import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import type { Cents } from "../shared/money.ts";
import { parseRecordId, recordId } from "../shared/record-fields.ts";
import { messageKeys } from "../shared/validation.ts";
import { ORDER_STATUSES, PAYMENT_METHODS, PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from "./orders.ts";

/**
 * /admin/order (issue 5 item 6, DESIGN §4.6): the list's filters from its URL, the forms of the
 * order back office (collect by pickup code, mark a pickup point ready) and the rules that decide
 * which status change an admin may make. Pure: the service passes the rows and `now`.
 */

export { ORDER_STATUSES, PAYMENT_METHODS };
export type AdminOrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The list's status filter: an order status, or the PayMe claims waiting for the shop's
 * confirmation (pending orders whose member said they paid by PayMe, decision 0025).
 */
export const AWAITING_CONFIRMATION = "awaiting_confirmation";
export const ORDER_STATUS_FILTERS = [...ORDER_STATUSES, AWAITING_CONFIRMATION] as const;
type AdminOrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

type AdminPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Orders an admin may cancel while their cycle takes orders (DESIGN §4.6). */
const CANCELLABLE_STATUSES = ["pending_payment", "paid"] as const;
/** Orders a pickup point's "ready for pickup" step takes: paid, before or after settlement. */
export const READY_FROM_STATUSES = ["paid", "confirmed"] as const;
/**
 * Orders staff hand over at the counter: marked ready, or confirmed by settlement (the goods are
 * final, only the "ready" text was not sent). A paid order is not yet settled: its group may still
 * fail and the admin may still cancel it, so it is not handed over.
 */
const COLLECTABLE_STATUSES = ["ready_for_pickup", "confirmed"] as const;

export interface AdminOrderListQuery extends TableState {
  cycleId: number | null;
  status: AdminOrderStatusFilter | null;
  pickupPointId: number | null;
  paymentMethod: AdminPaymentMethod | null;
}

function oneOf<const Values extends readonly string[]>(values: Values, raw: string | null) {
  return (values as readonly string[]).includes(raw ?? "") ? (raw as Values[number]) : null;
}

/** `?q=&cycle=&status=&point=&method=&page=`; anything that is not a real choice means "all". */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderListQuery {
  return {
    ...parseTableState(params),
    cycleId: parseRecordId(params.get("cycle") ?? undefined),
    status: oneOf(ORDER_STATUS_FILTERS, params.get("status")),
    pickupPointId: parseRecordId(params.get("point") ?? undefined),
    paymentMethod: oneOf(PAYMENT_METHODS, params.get("method")),
  };
}

/** The filters of a list query as URL parameters (the CSV and print links keep them). */
export function adminOrderFilterParams(query: AdminOrderListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.cycleId !== null) params.set("cycle", String(query.cycleId));
  if (query.status) params.set("status", query.status);
  if (query.pickupPointId !== null) params.set("point", String(query.pickupPointId));
  if (query.paymentMethod) params.set("method", query.paymentMethod);
  return params;
}

/** What staff type or scan: spaces, dashes and lower case are forgiven (the code is read aloud). */
export function normalizePickupCode(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

const pickupCodePattern = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

/** The collect form on /admin/order. */
export const collectSchema = z.object({
  code: z
    .string({ error: messageKeys.required })
    .transform(normalizePickupCode)
    .refine((code) => code.length > 0, messageKeys.required)
    .refine((code) => code.length === 0 || pickupCodePattern.test(code), "admin.orders.validation.code"),
});

/** The "ready for pickup" form: one pickup point's orders in one cycle. */
export const readySchema = z.object({ cycleId: recordId, pickupPointId: recordId });

export type CancelRefusal = "status" | "afterCutoff" | "claimed";

/** DESIGN §4.6: cancelled by an admin only while the order's cycle still takes orders. */
export function cancelRefusal(
  order: { status: string },
  cycle: { status: string; cutoffAt: Date },
  now: Date,
): CancelRefusal | null {
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(order.status)) return "status";
  // An unpaid order holds nothing settlement needs, and settlement waits for it: an admin may
  // cancel it after the cut-off too (a PayMe payment that never came).
  if (order.status === "pending_payment" && cycle.status !== "settled") return null;
  if (cycle.status !== "open" || cycle.cutoffAt.getTime() <= now.getTime()) return "afterCutoff";
  return null;
}

/**
 * What a cancelled order gives back, in dDollar (DESIGN §4.6, §4.10): the dDollar it used
 * (`order_release`, as an expired order does) and, when it was paid, every cent paid on top
 * (payable and card fee, `cancel_refund`) less what was already credited back for its lines
 * (e.g. a weighing before the cut-off), so nothing is returned twice.
 */
export function cancelCredits(
  order: { status: string; dDollarUsedCents: Cents; payableCents: Cents; cardFeeCents: Cents },
  creditedCents: Cents,
): { releaseCents: Cents; refundCents: Cents } {
  const paid = order.status !== "pending_payment";
  const refund = paid ? order.payableCents + order.cardFeeCents - creditedCents : 0;
  return { releaseCents: order.dDollarUsedCents, refundCents: Math.max(0, refund) };
}

export type CollectRefusal = "alreadyCollected" | "notReady" | "notPaid" | "released";

/** Why an order found by its pickup code cannot be handed over, or null when it can. */
export function collectRefusal(status: string): CollectRefusal | null {
  if ((COLLECTABLE_STATUSES as readonly string[]).includes(status)) return null;
  if (status === "collected") return "alreadyCollected";
  if (status === "paid") return "notReady";
  if (status === "pending_payment") return "notPaid";
  return "released";
}
