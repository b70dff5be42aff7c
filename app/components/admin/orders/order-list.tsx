import { PackageCheck } from "lucide-react";
import { Link } from "react-router";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import type { DataTableColumn } from "~/components/admin/data-table.tsx";
import { ClaimBadge, OrderStatusBadge } from "~/components/admin/order-status-badge.tsx";
import { Select } from "~/components/ui/select.tsx";
import type { CycleStatus } from "~/domain/cycles/admin-cycle.schema.ts";
import {
  type AdminOrderStatus,
  ORDER_STATUS_FILTERS,
  PAYMENT_METHODS,
} from "~/domain/orders/admin-order.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";

/** One order in /admin/order's table. */
export interface AdminOrderRow {
  id: number;
  number: string;
  status: AdminOrderStatus;
  memberName: string;
  phone: string;
  pointName: string;
  payableCents: number;
  paymentMethod: (typeof PAYMENT_METHODS)[number] | null;
  createdAt: Date | string;
  awaitingConfirmation: boolean;
  expiresAt: Date | string | null;
}

export interface OrderCycleOption {
  id: number;
  cutoffAt: Date | string;
  status: CycleStatus;
}

export interface OrderPointOption {
  id: number;
  name: string;
  active: boolean;
}

/** The list's filters as the form shows them ("" = all). */
export interface OrderFilters {
  q: string;
  cycle: string;
  status: string;
  point: string;
  method: string;
}

export const orderColumns: DataTableColumn<AdminOrderRow>[] = [
  {
    id: "number",
    header: t("admin.orders.col.number"),
    cell: (row) => (
      <Link
        to={`/admin/order/${row.id}`}
        className="font-semibold text-brand-700 underline tabular-nums"
        aria-label={t("admin.orders.open", { number: row.number })}
      >
        {row.number}
      </Link>
    ),
  },
  {
    id: "member",
    header: t("admin.orders.col.member"),
    cell: (row) => (
      <span>
        {row.memberName} <span className="text-stone-600 tabular-nums">{row.phone}</span>
      </span>
    ),
  },
  { id: "point", header: t("admin.orders.col.point"), cell: (row) => row.pointName },
  {
    id: "status",
    header: t("admin.orders.col.status"),
    cell: (row) => (
      <span className="flex flex-col items-start gap-0.5">
        <span className="flex items-center gap-1">
          <OrderStatusBadge status={row.status} awaitingConfirmation={row.awaitingConfirmation} />
          {row.awaitingConfirmation ? <ClaimBadge method={row.paymentMethod} /> : null}
        </span>
        {row.awaitingConfirmation && row.expiresAt ? (
          <span className="text-xs text-stone-600 tabular-nums">
            {t("admin.orders.awaiting.deadline", { at: formatHkAdminTime(new Date(row.expiresAt)) })}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: "payable",
    header: t("admin.orders.col.payable"),
    className: "text-right tabular-nums",
    cell: (row) => formatCents(row.payableCents),
  },
  {
    id: "method",
    header: t("admin.orders.col.method"),
    cell: (row) => t(`admin.orders.method.${row.paymentMethod ?? "none"}`),
  },
  {
    id: "created",
    header: t("admin.orders.col.created"),
    className: "tabular-nums",
    cell: (row) => formatHkAdminTime(new Date(row.createdAt)),
  },
];

/** A cycle as admins name it: its cut-off, and whether it still takes orders. */
function cycleLabel(cycle: OrderCycleOption): string {
  return t("admin.orders.cycleOption", {
    cutoff: formatHkAdminTime(new Date(cycle.cutoffAt)),
    status: t(`admin.orders.cycleStatus.${cycle.status}`),
  });
}

/** The filters beside the search box: cycle, status, pickup point, payment method. */
export function OrderFilterFields({
  filters,
  cycles,
  points,
  filterKey,
}: {
  filters: OrderFilters;
  cycles: OrderCycleOption[];
  points: OrderPointOption[];
  /** Remounts a select when its address parameter changes (back/forward keeps them in step). */
  filterKey: (name: string) => string;
}) {
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.orders.filter.cycle")}
        <Select variant="filter" name="cycle" defaultValue={filters.cycle} key={filterKey("cycle")}>
          <option value="">{t("admin.orders.filter.allCycles")}</option>
          {cycles.map((cycle) => (
            <option key={cycle.id} value={cycle.id}>
              {cycleLabel(cycle)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.orders.filter.status")}
        <Select variant="filter" name="status" defaultValue={filters.status} key={filterKey("status")}>
          <option value="">{t("admin.orders.filter.allStatuses")}</option>
          {ORDER_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t(`admin.orders.status.${status}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.orders.filter.point")}
        <Select variant="filter" name="point" defaultValue={filters.point} key={filterKey("point")}>
          <option value="">{t("admin.orders.filter.allPoints")}</option>
          {points.map((point) => (
            <option key={point.id} value={point.id}>
              {point.active ? point.name : t("admin.orders.inactivePoint", { name: point.name })}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {t("admin.orders.filter.method")}
        <Select variant="filter" name="method" defaultValue={filters.method} key={filterKey("method")}>
          <option value="">{t("admin.orders.filter.allMethods")}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`admin.orders.method.${method}`)}
            </option>
          ))}
        </Select>
      </label>
    </>
  );
}

/**
 * With a cycle and a pickup point chosen: mark the point's paid and confirmed orders ready for
 * pickup, which texts each member. Without both, a line says how to get here.
 */
export function ReadyPanel({
  readyCount,
  filters,
  cycles,
  points,
}: {
  readyCount: number | null;
  filters: OrderFilters;
  cycles: OrderCycleOption[];
  points: OrderPointOption[];
}) {
  if (readyCount === null) {
    return <p className="text-sm text-stone-600">{t("admin.orders.ready.hint")}</p>;
  }
  const point = points.find((row) => String(row.id) === filters.point);
  const cycle = cycles.find((row) => String(row.id) === filters.cycle);
  const names = { point: point?.name ?? "", cycle: cycle ? cycleLabel(cycle) : "" };
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm"
      aria-label={t("admin.orders.ready.title")}
      data-testid="ready-panel"
    >
      <p className="text-stone-800">{t("admin.orders.ready.count", { ...names, count: readyCount })}</p>
      {readyCount > 0 ? (
        <ConfirmIntentButton
          intent="ready"
          fields={{ cycleId: filters.cycle, pickupPointId: filters.point }}
          tone="primary"
          icon={PackageCheck}
          label={t("admin.orders.ready.button")}
          pendingLabel={t("admin.orders.ready.pending")}
          confirmTitle={t("admin.orders.ready.confirmTitle", { point: names.point })}
          confirmBody={t("admin.orders.ready.confirmBody", { ...names, count: readyCount })}
          confirmLabel={t("admin.orders.ready.confirm")}
        />
      ) : null}
    </section>
  );
}
