import { data, redirect, useActionData } from "react-router";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ProductErrorPanel } from "~/components/admin/product-error-panel.tsx";
import { blankProduct, ProductForm } from "~/components/admin/product-form.tsx";
import { RecordHeader } from "~/components/admin/record-page.tsx";
import { productSchema } from "~/domain/catalogue/admin-product.schema.ts";
import { t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/add-product.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.menu.addProduct");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [choices, cycle] = await Promise.all([
    context.services.catalogue.products.choices(),
    context.services.catalogue.openCycle(),
  ]);
  return { choices, cutoffAt: cycle?.cutoffAt ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseForm(await readForm(request, { schemas: [productSchema] }), productSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await context.services.catalogue.products.create(admin.id, submission.value);
  if (saved.status === "invalid") {
    return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  }
  throw redirect("/admin/product", {
    headers: [await flashHeader({ kind: "success", key: "admin.toast.added" })],
  });
}

export default function ProductNew({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={{ to: "/admin/product", label: "admin.product.back" }}
        title={t("admin.menu.addProduct")}
      />
      <ProductForm
        defaults={blankProduct}
        choices={loaderData.choices}
        cutoffAt={loaderData.cutoffAt}
        lastResult={result}
        productId={null}
        submitLabel={t("admin.product.create")}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductErrorPanel error={error} />;
}
