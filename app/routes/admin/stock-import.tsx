import { CircleAlert, CircleCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { data, Form, useActionData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { DataTable, type DataTableColumn } from "~/components/admin/data-table.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { BackLink } from "~/components/admin/record-page.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import { type PreviewView, previewViews } from "~/domain/catalogue/stock.ts";
import type { StockFields, StockImportIssue } from "~/domain/catalogue/stock-csv.ts";
import { parseTableState } from "~/domain/shared/admin-table.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/stock-import.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.stock.preview.title");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  if (!UUID.test(params.id)) notFound();
  const search = new URL(request.url).searchParams;
  const view = previewViews.find((value) => value === search.get("show")) ?? null;
  const preview = await context.services.catalogue.stock.getImport(params.id, view, parseTableState(search));
  if (!preview) notFound();
  return preview;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (!UUID.test(params.id)) notFound();
  const intent = (await readForm(request, { names: ["intent"] })).get("intent");
  if (intent === "discard") {
    const discarded = await context.services.catalogue.stock.discardImport(params.id);
    if (discarded === "not_pending") {
      return data({ error: t("admin.stock.commit.not_pending") }, { status: 409 });
    }
    return throwRedirectWithToast("/admin/stock", { kind: "info", key: "admin.stock.toast.discarded" });
  }
  if (intent !== "commit") return data({ error: t("error.generic") }, { status: 400 });
  const committed = await context.services.catalogue.stock.commitImport(admin.id, params.id, new Date());
  if (committed.status === "not_found") notFound();
  if (committed.status === "committed") {
    const toast = {
      kind: "success",
      key: "admin.stock.toast.imported",
      params: { count: committed.count },
    } as const;
    return throwRedirectWithToast("/admin/stock", toast);
  }
  const lines = committed.status === "stale" ? committed.lines.slice(0, 20).join("、") : "";
  return data({ error: t(`admin.stock.commit.${committed.status}`, { lines }) }, { status: 409 });
}

type PreviewRow = Route.ComponentProps["loaderData"]["rows"][number];

const adminName = (preview: Route.ComponentProps["loaderData"]) =>
  preview.adminPhone
    ? `${preview.adminLastName ?? ""}${preview.adminFirstName ?? ""}（${preview.adminPhone}）`
    : t("admin.none");

function stockText(stock: number | null): string {
  return stock === null ? t("admin.stock.unlimited") : String(stock);
}

/** "old → new" where the file changes a value; the value alone, greyed, where it does not. */
function Change({
  before,
  after,
  format,
}: {
  before: number | null;
  after: number | null;
  format: (value: number | null) => string;
}) {
  if (before === after) return <span className="text-stone-500">{format(after)}</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="text-stone-600 line-through decoration-stone-400">{format(before)}</span>
      <span className="text-stone-500"> → </span>
      <span className="rounded bg-amber-100 px-1 font-semibold text-stone-900">{format(after)}</span>
    </span>
  );
}

const money = (value: number | null) => (value === null ? t("admin.none") : formatCents(value));

const fieldColumns: [keyof StockFields, Parameters<typeof t>[0], (value: number | null) => string][] = [
  ["stock", "admin.stock.col.stock", stockText],
  ["priceCents", "admin.stock.col.price", money],
  ["gatherPriceCents", "admin.stock.col.gatherPrice", money],
  ["marketPriceCents", "admin.stock.col.marketPrice", money],
];

const columns: DataTableColumn<PreviewRow>[] = [
  {
    id: "line",
    header: t("admin.stock.preview.col.line"),
    className: "tabular-nums text-stone-600",
    cell: (row) => row.line,
  },
  {
    id: "product",
    header: t("admin.stock.col.product"),
    cell: (row) => (
      <div className="flex max-w-64 flex-col">
        <span className="truncate font-semibold text-stone-900">{row.name}</span>
        <span className="truncate text-xs text-stone-600">
          #{row.productId} · {row.slug}
        </span>
      </div>
    ),
  },
  ...fieldColumns.map(([key, header, format]) => ({
    id: key,
    header: t(header),
    className: "tabular-nums",
    cell: (row: PreviewRow) => <Change before={row.before[key]} after={row.after[key]} format={format} />,
  })),
];

function issueText(issue: StockImportIssue): string {
  const params = { ...issue.params };
  // Price columns are named as the shop says them (原價, not price).
  if (typeof params.column === "string" && ["price", "gatherPrice", "marketPrice"].includes(params.column)) {
    params.column = t(`admin.stock.col.${params.column as "price" | "gatherPrice" | "marketPrice"}`);
  }
  for (const name of ["gather", "price"]) {
    if (typeof params[name] === "number") params[name] = formatCents(params[name]);
  }
  return t(`admin.stock.error.${issue.code}`, params);
}

export default function StockImport({ loaderData }: Route.ComponentProps) {
  const preview = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const actionData = useActionData<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const { summary } = preview;
  const hasErrors = summary.errors > 0;
  const pending = preview.status === "pending";

  return (
    <div className="flex flex-col gap-5">
      <div>
        <BackLink to="/admin/stock" label="admin.stock.preview.back" />
        <h1 className="mt-2 text-2xl font-bold text-brand-800">{t("admin.stock.preview.title")}</h1>
        <p className="mt-1 break-all text-stone-800">
          {t("admin.stock.preview.file", { name: preview.fileName })}
        </p>
        <p className="text-sm text-stone-600">
          {t("admin.stock.preview.uploadedBy", {
            name: adminName(preview),
            time: formatHkAdminTime(new Date(preview.createdAt)),
          })}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-summary">
        <Stat label={t("admin.stock.preview.rows")} value={summary.lines} />
        <Stat label={t("admin.stock.preview.changed")} value={summary.changed} tone="brand" />
        <Stat label={t("admin.stock.preview.unchanged")} value={summary.unchanged} />
        <Stat
          label={t("admin.stock.preview.errors")}
          value={summary.errors}
          tone={hasErrors ? "error" : undefined}
        />
      </dl>

      {preview.status === "committed" ? (
        <Notice tone="success">
          {t("admin.stock.preview.committed", {
            time: formatHkAdminTime(new Date(preview.committedAt ?? preview.createdAt)),
          })}
        </Notice>
      ) : null}
      {preview.status === "discarded" ? (
        <Notice tone="info">{t("admin.stock.preview.discarded")}</Notice>
      ) : null}
      {actionData?.error && navigation.state === "idle" ? (
        <Notice tone="error">{actionData.error}</Notice>
      ) : null}

      {hasErrors ? (
        <section
          className="rounded-xl border border-accent-600/30 bg-white p-4 shadow-sm sm:p-5"
          aria-labelledby="import-errors-title"
        >
          <h2
            id="import-errors-title"
            className="flex items-center gap-2 text-lg font-semibold text-accent-600"
          >
            <CircleAlert className="size-5" aria-hidden="true" />
            {t("admin.stock.preview.errorsTitle")}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{t("admin.stock.preview.errorsHelp")}</p>
          <div className="mt-3 max-h-96 overflow-y-auto rounded-lg border border-stone-200">
            <table className="min-w-full text-left text-sm" data-testid="import-errors">
              <caption className="sr-only">{t("admin.stock.preview.errorsTitle")}</caption>
              <thead className="sticky top-0 bg-stone-50 text-xs font-semibold text-stone-600">
                <tr>
                  <th scope="col" className="w-16 px-3 py-2">
                    {t("admin.stock.preview.col.line")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("admin.stock.preview.col.error")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {preview.issues.map((issue, index) => (
                  // A line may have several problems; their order in the file is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: issues are never reordered
                  <tr key={index}>
                    <td className="px-3 py-2 tabular-nums text-stone-700">{issue.line}</td>
                    <td className="px-3 py-2 text-stone-900">{issueText(issue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {summary.errors > preview.issues.length ? (
            <p className="mt-2 text-sm text-stone-700">
              {t("admin.stock.preview.moreErrors", { count: summary.errors - preview.issues.length })}
            </p>
          ) : null}
        </section>
      ) : null}

      {pending ? (
        <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <p className="text-sm text-stone-700">
            {hasErrors
              ? t("admin.stock.commit.has_errors")
              : summary.changed === 0
                ? t("admin.stock.preview.noChanges")
                : t("admin.stock.preview.confirmBody", { count: summary.changed })}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Form method="post">
              <input type="hidden" name="intent" value="discard" />
              <Button
                tone="neutral"
                size="md"
                type="submit"
                disabled={pendingIntent !== null}
                className="w-full sm:w-auto"
              >
                {t("admin.stock.preview.discard")}
              </Button>
            </Form>
            {hasErrors ? null : (
              <Button onClick={() => setConfirming(true)} disabled={pendingIntent !== null}>
                {pendingIntent === "commit"
                  ? t("admin.stock.preview.committing")
                  : t("admin.stock.preview.commit")}
              </Button>
            )}
          </div>
        </div>
      ) : null}

      <section className="flex flex-col gap-3" aria-labelledby="import-rows-title">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="import-rows-title" className="text-lg font-semibold text-stone-900">
            {t("admin.stock.preview.rows")}
          </h2>
          <ViewFilter view={preview.view} />
        </div>
        <DataTable
          caption={t("admin.stock.preview.rows")}
          columns={columns}
          rows={preview.rows}
          rowId={(row) => String(row.line)}
          rowLabel={(row) => row.name}
          total={preview.total}
          page={preview.page}
          pageSize={preview.pageSize}
          emptyText={t("admin.stock.preview.empty")}
        />
      </section>

      <ConfirmDialog
        open={confirming}
        title={t("admin.stock.preview.confirmTitle")}
        body={t("admin.stock.preview.confirmBody", { count: summary.changed })}
        confirmLabel={t("admin.stock.preview.confirm")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submit({ intent: "commit" }, { method: "post" });
        }}
      />
    </div>
  );
}

function ViewFilter({ view }: { view: PreviewView }) {
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  return (
    <Form method="get" onChange={(event) => submit(event.currentTarget)}>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
        {t("admin.stock.preview.show")}
        <Select variant="filter" name="show" defaultValue={view} key={searchParams.get("show") ?? view}>
          {previewViews.map((value) => (
            <option key={value} value={value}>
              {t(`admin.stock.preview.show.${value}`)}
            </option>
          ))}
        </Select>
      </label>
      <noscript>
        <button type="submit" className="ml-2 underline">
          {t("admin.table.search")}
        </button>
      </noscript>
    </Form>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: "brand" | "error" }) {
  const color = tone === "error" ? "text-accent-600" : tone === "brand" ? "text-brand-800" : "text-stone-900";
  return (
    <div className="rounded-xl bg-white p-3 shadow-sm">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className={`text-2xl font-bold tabular-nums ${color}`}>{value.toLocaleString("en")}</dd>
    </div>
  );
}

function Notice({ tone, children }: { tone: "success" | "info" | "error"; children: ReactNode }) {
  const styles = {
    success: "border-green-700/30 bg-green-50 text-green-900",
    info: "border-stone-300 bg-stone-100 text-stone-800",
    error: "border-accent-600/40 bg-red-50 text-accent-600",
  }[tone];
  return (
    <div
      className={`flex items-start gap-2 rounded-xl border p-3 ${styles}`}
      role={tone === "error" ? "alert" : "status"}
    >
      {tone === "success" ? (
        <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      ) : (
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      )}
      <p>{children}</p>
    </div>
  );
}

/** A missing import shows inside the back office frame, with the way back to the stock page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.stock.preview.notFound"
      back={{ to: "/admin/stock", label: "admin.stock.preview.back" }}
    />
  );
}
