import { GroupStatusBadge } from "~/components/admin/cycle-status-badge.tsx";
import { DataTable, type DataTableColumn, numberColumn } from "~/components/admin/data-table.tsx";
import type { GroupStatus } from "~/domain/cycles/cycle-report.ts";
import type { ProductMode } from "~/domain/shared/pricing.ts";
import { t } from "~/i18n/admin.ts";
import { weight } from "./shared.tsx";

/** One product's total in the cycle. */
interface ProductTotalRow {
  productId: number;
  name: string;
  mode: ProductMode;
  unit: string;
  quantity: number;
  buyers: number;
  targetBuyers: number | null;
  status: GroupStatus;
  estimatedWeight: number | null;
  weighedWeight: number | null;
  weightLines: number;
  weighedLines: number;
  merchantName: string | null;
}

export interface ProductTotals {
  rows: ProductTotalRow[];
  total: number;
  page: number;
  pageSize: number;
}

const productColumns: DataTableColumn<ProductTotalRow>[] = [
  { id: "product", header: t("admin.weekly.col.product"), cell: (row) => row.name },
  { id: "mode", header: t("admin.weekly.col.mode"), cell: (row) => t(`mode.${row.mode}`) },
  numberColumn("quantity", t("admin.weekly.col.quantity"), (row) => row.quantity),
  numberColumn("buyers", t("admin.weekly.col.buyers"), (row) => row.buyers),
  numberColumn("target", t("admin.weekly.col.target"), (row) => row.targetBuyers ?? t("admin.none")),
  {
    id: "group",
    header: t("admin.weekly.col.group"),
    cell: (row) => <GroupStatusBadge status={row.status} />,
  },
  numberColumn("estimated", t("admin.weekly.col.estimated"), (row) => weight(row.estimatedWeight, row.unit)),
  {
    id: "weighed",
    header: t("admin.weekly.col.weighed"),
    className: "text-right tabular-nums",
    cell: (row) =>
      row.weightLines === 0 ? (
        t("admin.none")
      ) : (
        <span>
          {weight(row.weighedWeight, row.unit)}
          <span className="ml-1 text-xs text-stone-600">
            （{t("admin.weekly.weighedOf", { done: row.weighedLines, all: row.weightLines })}）
          </span>
        </span>
      ),
  },
  {
    id: "merchant",
    header: t("admin.weekly.col.merchant"),
    cell: (row) => row.merchantName ?? t("admin.weekly.noMerchant"),
  },
];

/** /admin/weekly-order: what each product of the cycle comes to. */
export function ProductsView({ content }: { content: ProductTotals }) {
  return (
    <DataTable
      caption={t("admin.weekly.view.products")}
      columns={productColumns}
      rows={content.rows}
      rowId={(row) => String(row.productId)}
      rowLabel={(row) => row.name}
      total={content.total}
      page={content.page}
      pageSize={Math.max(1, content.pageSize)}
      emptyText={t("admin.weekly.emptyProducts")}
    />
  );
}
