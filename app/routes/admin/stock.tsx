import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, redirect, useNavigation, useSearchParams } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import {
  ImportForm,
  RecentImports,
  STOCK_IMPORT_MEGABYTES,
} from "~/components/admin/stock/stock-import-form.tsx";
import { FilterSelect, StockCell } from "~/components/admin/stock/stock-list.tsx";
import { StockAdjustDialog } from "~/components/admin/stock-adjust-dialog.tsx";
import {
  parseStockListQuery,
  STOCK_IMPORT_MAX_BYTES,
  STOCK_IMPORT_MAX_ROWS,
  stockAdjustSchema,
  stockLevelFilters,
  stockModeFilters,
} from "~/domain/catalogue/stock.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readGuardedForm, refuseForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/stock.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.stock.title");

const MEGABYTES = STOCK_IMPORT_MEGABYTES;
/** The file cap plus room for the multipart framing and the other fields. */
const MAX_BODY_BYTES = STOCK_IMPORT_MAX_BYTES + 64 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseStockListQuery(new URL(request.url).searchParams);
  const [list, imports] = await Promise.all([
    context.services.catalogue.stock.listStock(query),
    context.services.catalogue.stock.recentImports(),
  ]);
  return { ...list, imports, q: query.q, mode: query.mode, level: query.level };
}

/** Two forms post here: `adjust` (one product's stock) and `upload` (a CSV to preview). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const body = await readGuardedForm(request, {
    schemas: [stockAdjustSchema],
    names: ["intent", "file"],
    maxBytes: MAX_BODY_BYTES,
  });
  if (body.status === "refused" && body.reason !== "too_large" && body.reason !== "unreadable")
    refuseForm(body);
  if (body.status === "refused") {
    const error =
      body.reason === "too_large"
        ? t("admin.stock.file.tooLarge", { megabytes: MEGABYTES })
        : t("admin.stock.file.missing");
    // The rest of an oversized body is not wanted: the browser must not reuse this connection for it.
    return data(
      { intent: "upload" as const, uploadError: error },
      { status: 413, headers: { connection: "close" } },
    );
  }
  const formData = body.formData;
  if (formData.get("intent") === "upload") return upload(formData, admin.id, context);

  const submission = parseForm(formData, stockAdjustSchema);
  if (submission.status !== "success") {
    return data({ intent: "adjust" as const, result: submission.reply() }, { status: 400 });
  }
  const adjusted = await context.services.catalogue.stock.adjustStock(admin.id, submission.value);
  if (adjusted.status === "not_found") {
    return data(
      {
        intent: "adjust" as const,
        result: submission.reply({ formErrors: [t("admin.stock.adjust.notFound")] }),
      },
      { status: 404 },
    );
  }
  if (adjusted.status === "refused") {
    const stock = adjusted.stock === null ? t("admin.stock.unlimited") : adjusted.stock;
    const message = t(`admin.stock.adjust.error.${adjusted.error}`, { stock });
    const field = submission.value.kind === "unlimited" ? "formErrors" : "fieldErrors";
    const result =
      field === "formErrors"
        ? submission.reply({ formErrors: [message] })
        : submission.reply({ fieldErrors: { amount: [message] } });
    return data({ intent: "adjust" as const, result }, { status: 409 });
  }
  const toast = adjusted.changed
    ? ({ kind: "success", key: "admin.toast.updated" } as const)
    : ({ kind: "info", key: "admin.toast.unchanged" } as const);
  throw redirect(`/admin/stock${listSearch(request)}`, { headers: [await flashHeader(toast)] });
}

/** The list's own query string (filters and page), without the router's internal parameters. */
function listSearch(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  for (const name of ["_routes", "index"]) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : "";
}

async function upload(formData: FormData, adminId: string, context: Route.ActionArgs["context"]) {
  const file = formData.get("file");
  if (!(file instanceof File) || (file.name === "" && file.size === 0)) {
    return data({ intent: "upload" as const, uploadError: t("admin.stock.file.missing") }, { status: 400 });
  }
  if (file.size > STOCK_IMPORT_MAX_BYTES) {
    return data(
      { intent: "upload" as const, uploadError: t("admin.stock.file.tooLarge", { megabytes: MEGABYTES }) },
      { status: 413 },
    );
  }
  const fileName = file.name.split(/[\\/]/).pop()!.slice(0, 200) || "stock.csv";
  const preview = await context.services.catalogue.stock.previewImport(
    adminId,
    fileName,
    new Uint8Array(await file.arrayBuffer()),
  );
  if (preview.status === "file_error") {
    const { code, column } = preview.error;
    const uploadError = t(`admin.stock.file.${code}`, { column: column ?? "", rows: STOCK_IMPORT_MAX_ROWS });
    return data({ intent: "upload" as const, uploadError }, { status: 400 });
  }
  throw redirect(`/admin/stock/import/${preview.id}`);
}

type StockRow = Route.ComponentProps["loaderData"]["rows"][number];

const exportHref = (search: URLSearchParams) => {
  const params = new URLSearchParams();
  for (const name of ["q", "mode", "level"]) {
    const value = search.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/admin/stock/export.csv${query ? `?${query}` : ""}`;
};

export default function Stock({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const adjusting = useRef(false);
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  // A saved adjustment redirects (no action data): close the dialog; errors keep it open.
  useEffect(() => {
    if (submittingIntent === "adjust") adjusting.current = true;
    if (navigation.state === "idle" && adjusting.current) {
      adjusting.current = false;
      if (actionData?.intent !== "adjust") setEditingId(null);
    }
  }, [navigation.state, submittingIntent, actionData]);

  const editing = loaderData.rows.find((row) => row.id === editingId) ?? null;
  // Stock and its button come right after the name: on a phone they show without scrolling.
  const columns: DataTableColumn<StockRow>[] = [
    {
      id: "product",
      header: t("admin.stock.col.product"),
      cell: (row) => (
        <div className="flex max-w-40 flex-col sm:max-w-64">
          <span className="truncate font-semibold text-stone-900">{row.name}</span>
          <span className="truncate text-xs text-stone-600">
            #{row.id} · {row.slug}
          </span>
        </div>
      ),
    },
    { id: "stock", header: t("admin.stock.col.stock"), cell: (row) => <StockCell stock={row.stock} /> },
    {
      id: "actions",
      header: t("admin.stock.col.actions"),
      cell: (row) => (
        <button
          type="button"
          onClick={() => setEditingId(row.id)}
          aria-label={t("admin.stock.adjustLabel", { name: row.name })}
          className="rounded-lg border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t("admin.stock.adjust")}
        </button>
      ),
    },
    { id: "mode", header: t("admin.stock.col.mode"), cell: (row) => t(`mode.${row.mode}`) },
    ...(["priceCents", "gatherPriceCents", "marketPriceCents"] as const).map((key) => ({
      id: key,
      header: t(
        key === "priceCents"
          ? "admin.stock.col.price"
          : key === "gatherPriceCents"
            ? "admin.stock.col.gatherPrice"
            : "admin.stock.col.marketPrice",
      ),
      className: "text-right tabular-nums",
      cell: (row: StockRow) => formatCents(row[key]),
    })),
    {
      id: "published",
      header: t("admin.stock.col.published"),
      cell: (row) => (row.isPublished ? t("admin.stock.published") : t("admin.stock.unpublished")),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.stock.title")}</h1>
        {/* A plain link: the browser downloads the file instead of the router fetching it. */}
        <a
          href={exportHref(searchParams)}
          download
          className="flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Download className="size-4" aria-hidden="true" />
          {t("admin.stock.export")}
        </a>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ImportForm
          pending={submittingIntent === "upload"}
          error={actionData?.intent === "upload" ? actionData.uploadError : undefined}
        />
        <RecentImports imports={loaderData.imports} />
      </div>
      <TableSearch
        label={t("admin.stock.searchLabel")}
        value={loaderData.q}
        filters={
          <>
            <FilterSelect
              name="mode"
              label={t("admin.stock.modeFilter")}
              value={loaderData.mode}
              options={stockModeFilters.map((value) => [
                value,
                value === "all" ? t("admin.stock.mode.all") : t(`mode.${value}`),
              ])}
            />
            <FilterSelect
              name="level"
              label={t("admin.stock.levelFilter")}
              value={loaderData.level}
              options={stockLevelFilters.map((value) => [value, t(`admin.stock.level.${value}`)])}
            />
          </>
        }
      />
      <DataTable
        caption={t("admin.stock.title")}
        columns={columns}
        rows={loaderData.rows}
        rowId={(row) => String(row.id)}
        rowLabel={(row) => row.name}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
        emptyText={t("admin.stock.empty")}
      />
      <StockAdjustDialog
        product={editing}
        lastResult={navigation.state === "idle" && actionData?.intent === "adjust" ? actionData.result : null}
        pending={submittingIntent === "adjust"}
        onClose={() => setEditingId(null)}
      />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
