import type { AdminOrderStatus } from "~/domain/orders/admin-order.schema.ts";
import { t } from "~/i18n/admin.ts";

const statusClass: Record<AdminOrderStatus | "awaiting_confirmation", string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  awaiting_confirmation: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  paid: "bg-emerald-100 text-emerald-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  ready_for_pickup: "bg-brand-100 text-brand-900",
  collected: "bg-stone-200 text-stone-800",
  expired: "bg-stone-200 text-stone-700",
  cancelled: "bg-red-50 text-accent-600",
};

/**
 * An order's status in words (zh-HK), coloured by how far it has come; prints as plain text. An
 * unpaid order whose member said they paid by PayMe reads as waiting for confirmation (decision 0025).
 */
export function OrderStatusBadge({
  status,
  awaitingConfirmation = false,
}: {
  status: AdminOrderStatus;
  awaitingConfirmation?: boolean;
}) {
  const shown = awaitingConfirmation && status === "pending_payment" ? "awaiting_confirmation" : status;
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold print:bg-transparent print:p-0 ${statusClass[shown]}`}
      data-status={shown}
    >
      {t(`admin.orders.status.${shown}`)}
    </span>
  );
}
