import { parseWithZod } from "@conform-to/zod/v4";
import { Download, FileUp } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { DataTable, type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { StockAdjustDialog } from "~/components/admin/stock-adjust-dialog.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FieldError, SubmitButton } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import { formatHkAdminTime } from "~/domain/hk-time.ts";
import { formatCents } from "~/domain/money.ts";
import {
  isLowStock,
  parseStockListQuery,
  STOCK_IMPORT_MAX_BYTES,
  STOCK_IMPORT_MAX_ROWS,
  stockAdjustSchema,
  stockLevelFilters,
  stockModeFilters,
} from "~/domain/stock.ts";
import { t } from "~/i18n/admin.ts";
import { readGuardedForm, refuseForm } from "~/services/request-body.server.ts";
import type { Route } from "./+types/stock.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.stock.title");

const MEGABYTES = STOCK_IMPORT_MAX_BYTES / 1024 ** 2;
/** The file cap plus room for the multipart framing and the other fields. */
const MAX_BODY_BYTES = STOCK_IMPORT_MAX_BYTES + 64 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseStockListQuery(new URL(request.url).searchParams);
  const [list, imports] = await Promise.all([
    context.services.stock.listStock(query),
    context.services.stock.recentImports(),
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
  if (!body.ok && body.reason !== "too_large" && body.reason !== "unreadable") refuseForm(body);
  if (!body.ok) {
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

  const submission = parseWithZod(formData, { schema: stockAdjustSchema });
  if (submission.status !== "success") {
    return data({ intent: "adjust" as const, result: submission.reply() }, { status: 400 });
  }
  const adjusted = await context.services.stock.adjustStock(admin.id, submission.value);
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
    ? ({ kind: "success", key: "toast.admin.updated" } as const)
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
  const preview = await context.services.stock.previewImport(
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

function StockCell({ stock }: { stock: number | null }) {
  if (stock === null) return <span className="text-stone-600">{t("admin.stock.unlimited")}</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-semibold tabular-nums">{stock}</span>
      {stock === 0 ? (
        <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold text-white">
          {t("admin.stock.badge.soldOut")}
        </span>
      ) : isLowStock(stock) ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {t("admin.stock.badge.low")}
        </span>
      ) : null}
    </span>
  );
}

const exportHref = (search: URLSearchParams) => {
  const params = new URLSearchParams();
  for (const name of ["q", "mode", "level"]) {
    const value = search.get(name);
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/admin/stock/export.csv${query ? `?${query}` : ""}`;
};

export default function Stock({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
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
          className={buttonClass({
            tone: "secondary",
            size: "toolbar",
            className: "flex items-center gap-2",
          })}
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

function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: [string, string][];
}) {
  const [searchParams] = useSearchParams();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
      {label}
      <Select variant="filter" name={name} defaultValue={value} key={searchParams.get(name) ?? "all"}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
}

function ImportForm({ pending, error }: { pending: boolean; error: string | undefined }) {
  const [localError, setLocalError] = useState<string | undefined>();
  const tooLarge = (input: HTMLInputElement | null) =>
    (input?.files?.[0]?.size ?? 0) > STOCK_IMPORT_MAX_BYTES;
  const tooLargeText = t("admin.stock.file.tooLarge", { megabytes: MEGABYTES });
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    setLocalError(tooLarge(event.currentTarget) ? tooLargeText : undefined);
  // Refused here too, so a big file is not sent only to be refused.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    if (tooLarge(input)) {
      event.preventDefault();
      setLocalError(tooLargeText);
    }
  };
  const shown = localError ?? (pending ? undefined : error);
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" aria-labelledby="stock-import-title">
      <h2 id="stock-import-title" className="text-lg font-semibold text-stone-900">
        {t("admin.stock.import.title")}
      </h2>
      <div className="mt-1 space-y-1 text-sm text-stone-700">
        <p>{t("admin.stock.import.help")}</p>
        <p>{t("admin.stock.import.helpValues")}</p>
        <p>
          {t("admin.stock.import.helpExport", {
            megabytes: MEGABYTES,
            rows: STOCK_IMPORT_MAX_ROWS.toLocaleString("en"),
          })}
        </p>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start"
      >
        <input type="hidden" name="intent" value="upload" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="stock-import-file" className="text-sm font-medium text-stone-800">
            {t("admin.stock.import.file")}
          </label>
          <input
            id="stock-import-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            onChange={onChange}
            aria-invalid={shown ? true : undefined}
            aria-describedby="stock-import-error"
            className="w-full rounded-lg border border-stone-300 bg-white text-sm file:mr-3 file:border-0 file:bg-brand-50 file:px-3 file:py-2.5 file:font-semibold file:text-brand-800"
          />
          <FieldError id="stock-import-error" error={shown} />
        </div>
        <div className="sm:pt-6">
          <SubmitButton
            pending={pending}
            label={t("admin.stock.import.upload")}
            pendingLabel={t("admin.stock.import.uploading")}
          />
        </div>
      </Form>
    </section>
  );
}

function RecentImports({ imports }: { imports: Route.ComponentProps["loaderData"]["imports"] }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" aria-labelledby="stock-recent-title">
      <h2 id="stock-recent-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <FileUp className="size-5 text-brand-700" aria-hidden="true" />
        {t("admin.stock.recent.title")}
      </h2>
      {imports.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("admin.stock.recent.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="recent-imports">
          {imports.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <Link
                to={`/admin/stock/import/${item.id}`}
                className="min-w-0 truncate text-brand-700 underline"
              >
                {item.fileName}
              </Link>
              <span className="text-xs text-stone-600">{formatHkAdminTime(new Date(item.createdAt))}</span>
              <span className="w-full text-stone-600">
                {t(`admin.stock.status.${item.status}`)} ·{" "}
                {t("admin.stock.recent.counts", { rows: item.rows, errors: item.errors })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
