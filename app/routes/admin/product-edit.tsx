import { ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useActionData, useSubmit } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { ProductErrorPanel } from "~/components/admin/product-error-panel.tsx";
import { ProductForm, type ProductFormDefaults } from "~/components/admin/product-form.tsx";
import { RecordHeader } from "~/components/admin/record-page.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { productSchema } from "~/domain/catalogue/admin-product.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { t } from "~/i18n/admin.ts";
import { recordAction } from "~/web/record-action.server.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/product-edit.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.product.title");

const back = { to: "/admin/product", label: "admin.product.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = parseRecordId(params.id) ?? notFound();
  const [found, choices, cycle] = await Promise.all([
    context.services.catalogue.products.get(id),
    context.services.catalogue.products.choices(),
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
    descriptionEn: product.descriptionEn,
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
  const service = context.services.catalogue.products;
  return recordAction(request, params, {
    list: back.to,
    schema: productSchema,
    // Products are added at /admin/add-product: this page always names one.
    save: (id, value) => service.update(admin.id, id ?? notFound(), value),
    refuseSave: (refused) => ({ status: 400, fieldErrors: refused.fieldErrors }),
    remove: (id) => service.delete(admin.id, id),
    refuseDelete: () => ({ toast: { kind: "error", key: "admin.toast.productOrdered" } }),
  });
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()?.result;
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={`${t("admin.product.title")}：${loaderData.name}`}
        actions={
          <>
            {loaderData.isPublished ? (
              <Link
                to={`/all?product=${loaderData.id}`}
                className={buttonClass({
                  tone: "secondary",
                  size: "toolbar",
                  className: "inline-flex items-center gap-1.5",
                })}
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
          </>
        }
      />
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
