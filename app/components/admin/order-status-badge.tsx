import type { AdminOrderStatus } from "~/domain/orders/admin-order.schema.ts";
import { t } from "~/i18n/admin.ts";
import { pillClass } from "./pill.ts";

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

/** How a member waiting for confirmation said they paid: PayMe or FPS (issue 31), beside the status. */
export function ClaimBadge({ method }: { method: string | null }) {
  const fps = method === "fps";
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-bold print:bg-transparent print:p-0 ${
        fps ? "bg-sky-700 text-white" : "bg-rose-700 text-white"
      }`}
      data-testid="claim-method"
      data-method={fps ? "fps" : "payme"}
    >
      {t(fps ? "admin.orders.claimBadge.fps" : "admin.orders.claimBadge.payme")}
    </span>
  );
}

/**
 * An order's status in words (zh-HK), coloured by how far it has come; prints as plain text. An
 * unpaid order whose member said they paid by PayMe or FPS reads as waiting for confirmation (decision 0025).
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
    <span className={`${pillClass} print:bg-transparent print:p-0 ${statusClass[shown]}`} data-status={shown}>
      {t(`admin.orders.status.${shown}`)}
    </span>
  );
}
