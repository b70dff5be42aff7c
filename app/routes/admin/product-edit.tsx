import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Link, redirect, useActionData, useSubmit } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { ProductErrorPanel } from "~/components/admin/product-error-panel.tsx";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/product-form.tsx";
import { notFound } from "~/components/admin/record-route.ts";
import { productSchema } from "~/domain/catalogue/admin-product.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/product-edit.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.product.title");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseRecordId(params.id) ?? notFound();
  const [found, choices, cycle] = await Promise.all([
    context.services.productsAdmin.get(id),
    context.services.productsAdmin.choices(),
    context.services.catalogue.openCycle(),
  ]);
  if (!found) notFound();
  const { product } = found;
  // The preview card counts the product's real buyers in the open cycle, as the shop shows it.
  const buyers =
    (await context.services.catalogue.groupBuyers([product.id], cycle?.id ?? null)).get(product.id) ?? 0;
  const text = (value: number | null) => (value === null ? "" : String(value));
  const defaults: ProductFormDefaults = {
    name: product.name,
    nameEn: product.nameEn,
    slug: product.slug,
    description: product.description,
    mode: product.mode,
    price: centsToDollars(product.priceCents),
    gatherPrice: centsToDollars(product.gatherPriceCents),
    marketPrice: centsToDollars(product.marketPriceCents),
    unit: product.unit,
    defaultWeight: text(product.defaultWeight),
    stock: text(product.stock),
    addToCartQty: text(product.addToCartQty),
    maxPerMember: text(product.maxPerMember),
    targetBuyers: text(product.targetBuyers),
    isPublished: product.isPublished,
    ageRestricted: product.ageRestricted,
    categoryId: text(product.categoryId),
    subcategoryId: text(product.subcategoryId),
    brandId: text(product.brandId),
    merchantId: text(product.merchantId),
    images: product.images,
  };
  return {
    id: product.id,
    buyers,
    name: product.name,
    isPublished: product.isPublished,
    version: product.updatedAt.toISOString(),
    defaults,
    choices,
    cutoffAt: cycle?.cutoffAt ?? null,
    history: found.history,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = parseRecordId(params.id) ?? notFound();
  const formData = await readForm(request, { schemas: [productSchema], names: ["intent"] });
  if (formData.get("intent") === "delete") {
    const deleted = await context.services.productsAdmin.delete(admin.id, id);
    if (deleted.status === "not_found") notFound();
    if (deleted.status === "ordered") {
      throw redirect(`/admin/product/${id}`, {
        headers: [await flashHeader({ kind: "error", key: "admin.toast.productOrdered" })],
      });
    }
    throw redirect("/admin/product", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }
  const submission = parseWithZod(formData, { schema: productSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await context.services.productsAdmin.update(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "invalid") {
    return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  }
  const toast = saved.changed
    ? ({ kind: "success", key: "toast.admin.updated" } as const)
    : ({ kind: "info", key: "admin.toast.unchanged" } as const);
  throw redirect(`/admin/product/${id}`, { headers: [await flashHeader(toast)] });
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()?.result;
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link
            to="/admin/product"
            className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t("admin.product.back")}
          </Link>
          <h1 className="mt-2 text-2xl font-bold text-brand-800">
            {t("admin.product.title")}：{loaderData.name}
          </h1>
        </div>
        <div className="flex flex-wrap gap-2">
          {loaderData.isPublished ? (
            <Link
              to={`/all?product=${loaderData.id}`}
              className="inline-flex items-center gap-1.5 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              {t("admin.product.viewInShop")}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="inline-flex items-center gap-1.5 rounded-lg border border-accent-600 bg-white px-3 py-2 text-sm font-semibold text-accent-600 hover:bg-rose-50"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t("admin.product.delete")}
          </button>
        </div>
      </div>
      {/* A saved form remounts with the stored (normalised) values. */}
      <ProductForm
        key={loaderData.version}
        defaults={loaderData.defaults}
        choices={loaderData.choices}
        cutoffAt={loaderData.cutoffAt}
        lastResult={result}
        productId={loaderData.id}
        buyers={loaderData.buyers}
        submitLabel={t("admin.product.save")}
      />
      <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5 lg:max-w-[calc(100%-17.25rem)] xl:max-w-[calc(100%-19.25rem)]">
        <h2 className="text-lg font-semibold text-stone-900">{t("admin.product.history")}</h2>
        <AuditList entries={loaderData.history} emptyText={t("admin.product.noHistory")} />
      </section>
      <ConfirmDialog
        open={confirming}
        title={t("admin.products.confirmTitle")}
        body={t("admin.products.confirmBody", { name: loaderData.name })}
        confirmLabel={t("admin.products.confirm")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          submit({ intent: "delete" }, { method: "post" });
        }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorPanel error={error} />;
}
