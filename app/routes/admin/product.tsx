import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { type DataTableColumn, TableSearch } from "~/components/admin/data-table.tsx";
import { FilterSelect, ListHeader, ListTable, ToolbarLink } from "~/components/admin/list-page.tsx";
import { ProductErrorPanel } from "~/components/admin/product-error-panel.tsx";
import { ModeBadge } from "~/components/shop/product/mode-badge.tsx";
import {
  englishFilters,
  parseProductListQuery,
  productListActionSchema,
  productModeFilters,
  productSorts,
  publishedFilters,
  stockFilters,
} from "~/domain/catalogue/admin-product.schema.ts";
import { LOW_STOCK } from "~/domain/catalogue/catalogue.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { PIECE_UNIT } from "~/domain/shared/pricing.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { notFound } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/product.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.products.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseProductListQuery(new URL(request.url).searchParams);
  const [list, choices] = await Promise.all([
    context.services.catalogue.products.list(query),
    context.services.catalogue.products.choices(),
  ]);
  return { ...list, query, choices };
}

/** Publishing, withdrawing (one row or the ticked rows) and deleting; back to the same list. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseForm(
    await readForm(request, { schemas: [productListActionSchema] }),
    productListActionSchema,
  );
  if (submission.status !== "success")
    return data({ error: "admin.products.badAction" as const }, { status: 400 });
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const { value } = submission;
  if (value.intent === "delete") {
    const deleted = await context.services.catalogue.products.delete(admin.id, value.id);
    if (deleted.status === "not_found") notFound();
    const toast =
      deleted.status === "deleted"
        ? ({ kind: "success", key: "admin.toast.removed" } as const)
        : ({ kind: "error", key: "admin.toast.productOrdered" } as const);
    return throwRedirectWithToast(back, toast);
  }
  const publish = value.intent === "publish";
  const changed = await context.services.catalogue.products.setPublished(admin.id, value.ids, publish);
  const toast =
    changed === 0
      ? ({ kind: "info", key: "admin.toast.unchanged" } as const)
      : ({
          kind: "success",
          key: publish ? "admin.toast.published" : "admin.toast.unpublished",
          params: { count: changed },
        } as const);
  return throwRedirectWithToast(back, toast);
}

type ProductRow = Route.ComponentProps["loaderData"]["rows"][number];

const actionButtonClass =
  "inline-flex items-center gap-1 rounded-lg border px-2 py-1 text-sm font-semibold disabled:opacity-60";
const iconButtonClass = "inline-flex size-8 items-center justify-center rounded-lg border";

function stockText(row: ProductRow) {
  if (row.stock === null) return t("admin.products.unlimited");
  return String(row.stock);
}

function PublishToggle({ row }: { row: ProductRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("ids") === String(row.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={row.isPublished ? "unpublish" : "publish"} />
      <input type="hidden" name="ids" value={row.id} />
      <button
        type="submit"
        disabled={busy}
        className={`${actionButtonClass} ${
          row.isPublished
            ? "border-stone-300 text-stone-800 hover:bg-stone-100"
            : "border-emerald-700 text-emerald-800 hover:bg-emerald-50"
        }`}
        aria-label={t(row.isPublished ? "admin.products.unpublishOne" : "admin.products.publishOne", {
          name: row.name,
        })}
      >
        {row.isPublished ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
        {row.isPublished ? t("admin.products.unpublish") : t("admin.products.publish")}
      </button>
    </Form>
  );
}

/** The buttons that publish or unpublish the ticked products at once. */
const bulkActions = [
  {
    intent: "publish",
    icon: Eye,
    colour: "bg-emerald-700 hover:bg-emerald-800",
    label: "admin.products.publishSelected",
  },
  {
    intent: "unpublish",
    icon: EyeOff,
    colour: "bg-stone-700 hover:bg-stone-800",
    label: "admin.products.unpublishSelected",
  },
] as const;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, choices } = loaderData;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const submit = useSubmit();
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const bulkBusy = navigation.state === "submitting";

  const columns: DataTableColumn<ProductRow>[] = [
    {
      id: "product",
      header: t("admin.products.col.product"),
      cell: (row) => (
        <div className="flex min-w-56 items-center gap-3 whitespace-normal">
          {row.cover ? (
            <img
              src={row.cover}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded object-cover"
            />
          ) : (
            <span aria-hidden="true" className="size-12 shrink-0 rounded bg-brand-100" />
          )}
          <span className="min-w-0">
            <Link to={`/admin/product/${row.id}`} className="font-semibold text-brand-700 underline">
              {row.name}
            </Link>
            {row.nameEn ? (
              <span className="block text-xs text-stone-600">{row.nameEn}</span>
            ) : (
              <span className="block text-xs text-amber-800" data-testid="no-english">
                {t("admin.products.noEnglish")}
              </span>
            )}
          </span>
        </div>
      ),
    },
    { id: "mode", header: t("admin.products.col.mode"), cell: (row) => <ModeBadge mode={row.mode} /> },
    {
      id: "category",
      header: t("admin.products.col.category"),
      cell: (row) => (
        <>
          {row.categoryName}
          {row.subcategoryName ? (
            <span className="block text-xs text-stone-600">{row.subcategoryName}</span>
          ) : null}
        </>
      ),
    },
    {
      id: "price",
      header: t("admin.products.col.price"),
      className: "text-right tabular-nums",
      cell: (row) => (
        <>
          <span className="font-semibold text-rose-700">{formatCents(row.gatherPriceCents)}</span>
          {row.unit !== PIECE_UNIT ? <span className="text-xs">／{row.unit}</span> : null}
          <span className="block text-xs text-stone-600">
            {t("price.original")} {formatCents(row.priceCents)}
          </span>
        </>
      ),
    },
    {
      id: "stock",
      header: t("admin.products.col.stock"),
      className: "text-right tabular-nums",
      cell: (row) =>
        row.stock !== null && row.stock <= LOW_STOCK ? (
          <span className="font-semibold text-accent-600" data-testid="low-stock">
            {stockText(row)}
          </span>
        ) : (
          stockText(row)
        ),
    },
    {
      id: "brand",
      header: t("admin.products.col.brandMerchant"),
      className: "min-w-28 whitespace-normal!",
      cell: (row) => [row.brandName, row.merchantName].filter(Boolean).join(" · ") || t("admin.none"),
    },
    {
      id: "status",
      header: t("admin.products.col.status"),
      cell: (row) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            row.isPublished ? "bg-emerald-700 text-white" : "bg-stone-200 text-stone-800"
          }`}
          data-testid="publish-status"
        >
          {row.isPublished ? t("admin.products.published") : t("admin.products.unpublished")}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.products.col.actions"),
      cell: (row) => (
        <div className="flex items-center gap-1.5">
          <PublishToggle row={row} />
          <Link
            to={`/admin/product/${row.id}`}
            className={`${iconButtonClass} border-brand-700 text-brand-800 hover:bg-brand-50`}
            aria-label={t("admin.products.edit", { name: row.name })}
            title={t("admin.products.editShort")}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <button
            type="button"
            onClick={() => setDeleting(row)}
            className={`${iconButtonClass} border-accent-600 text-accent-600 hover:bg-rose-50`}
            aria-label={t("admin.products.delete", { name: row.name })}
            title={t("admin.products.deleteShort")}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      ),
    },
  ];

  const filterSelect = (name: string, label: string, current: string, options: [string, string][]) => (
    <FilterSelect label={label} name={name} value={current} resetKey={searchParams.get(name) ?? ""} fill>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </FilterSelect>
  );

  return (
    <div className="flex flex-col gap-4">
      <ListHeader title={t("admin.products.title")}>
        <ToolbarLink to="/admin/add-product" label={t("admin.menu.addProduct")} />
      </ListHeader>
      {actionData?.error ? (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-accent-600">
          {t(actionData.error)}
        </p>
      ) : null}
      <TableSearch
        label={t("admin.products.searchLabel")}
        value={query.q}
        filters={
          // Two to a row on phones; one flowing line of filters on wider screens.
          <div className="grid w-full grid-cols-2 gap-2 sm:contents">
            {filterSelect(
              "mode",
              t("admin.products.col.mode"),
              query.mode,
              productModeFilters.map((value) => [
                value,
                value === "all" ? t("admin.products.all") : t(`mode.${value}`),
              ]),
            )}
            {filterSelect("cat", t("admin.products.col.category"), String(query.categoryId ?? ""), [
              ["", t("admin.products.all")],
              ...choices.categories.flatMap((node): [string, string][] => [
                [String(node.id), node.name],
                ...node.children.map((child): [string, string] => [
                  String(child.id),
                  `${node.name} › ${child.name}`,
                ]),
              ]),
            ])}
            {filterSelect(
              "published",
              t("admin.products.col.status"),
              query.published,
              publishedFilters.map((value) => [value, t(`admin.products.publishedFilter.${value}`)]),
            )}
            {filterSelect("brand", t("admin.product.brand"), String(query.brandId ?? ""), [
              ["", t("admin.products.all")],
              ...choices.brands.map((brand): [string, string] => [String(brand.id), brand.name]),
            ])}
            {filterSelect("merchant", t("admin.product.merchant"), String(query.merchantId ?? ""), [
              ["", t("admin.products.all")],
              ...choices.merchants.map((merchant): [string, string] => [String(merchant.id), merchant.name]),
            ])}
            {filterSelect(
              "stock",
              t("admin.products.col.stock"),
              query.stock,
              stockFilters.map((value) => [
                value,
                t(`admin.products.stockFilter.${value}`, { max: LOW_STOCK }),
              ]),
            )}
            {filterSelect(
              "english",
              t("admin.products.english"),
              query.english,
              englishFilters.map((value) => [value, t(`admin.products.englishFilter.${value}`)]),
            )}
            {filterSelect(
              "sort",
              t("admin.products.sort"),
              query.sort,
              productSorts.map((value) => [value, t(`admin.products.sort.${value}`)]),
            )}
          </div>
        }
      />
      <ListTable
        title={t("admin.products.title")}
        columns={columns}
        list={loaderData}
        emptyText={t("admin.products.empty")}
        selectionActions={(selectedIds) => (
          <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
            {selectedIds.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            {bulkActions.map(({ intent, icon: Icon, colour, label }) => (
              <button
                key={intent}
                type="submit"
                name="intent"
                value={intent}
                disabled={selectedIds.length === 0 || bulkBusy}
                className={`flex items-center gap-1.5 rounded-lg ${colour} px-3 py-1.5 font-semibold text-white disabled:cursor-not-allowed disabled:bg-stone-400`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(label)}
              </button>
            ))}
          </Form>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("admin.products.confirmTitle")}
        body={t("admin.products.confirmBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("admin.products.confirm")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            submit(
              { intent: "delete", id: String(deleting.id) },
              { method: "post", preventScrollReset: true },
            );
          setDeleting(null);
        }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorPanel error={error} />;
}
