import type { AdminOrderStatus } from "~/domain/admin-order.schema.ts";
import { t } from "~/i18n/admin.ts";

const statusClass: Record<AdminOrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  ready_for_pickup: "bg-brand-100 text-brand-900",
  collected: "bg-stone-200 text-stone-800",
  expired: "bg-stone-200 text-stone-700",
  cancelled: "bg-red-50 text-accent-600",
};

/** An order's status in words (zh-HK), coloured by how far it has come; prints as plain text. */
export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold print:bg-transparent print:p-0 ${statusClass[status]}`}
      data-status={status}
    >
      {t(`admin.orders.status.${status}`)}
    </span>
  );
}
