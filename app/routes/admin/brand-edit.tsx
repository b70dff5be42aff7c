import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam, savedToast } from "~/components/admin/record-route.ts";
import { FormField, inputClass, SubmitButton } from "~/components/ui/form-field.tsx";
import { BRAND_POSITION_MAX, brandSchema } from "~/domain/catalogue/admin-catalogue.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/brand-edit.ts";

/** /admin/brand/new adds a brand (a "collection" of the storefront); /admin/brand/:id edits or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.brand.title" : "admin.brand.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  if (id === null) return { found: null };
  const found = await context.services.catalogueAdmin.getBrand(id);
  return { found: found ?? notFound() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [brandSchema], names: ["intent"] });
  const service = context.services.catalogueAdmin;

  if (formData.get("intent") === "delete") {
    if (id === null) notFound();
    const deleted = await service.deleteBrand(admin.id, id);
    if (deleted.status === "not_found") notFound();
    throw redirect("/admin/brand", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  const submission = parseWithZod(formData, { schema: brandSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved =
    id === null
      ? await service.createBrand(admin.id, submission.value)
      : await service.updateBrand(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "slug_taken") {
    return data(
      { result: submission.reply({ fieldErrors: { slug: ["admin.validation.slugTaken"] } }) },
      { status: 400 },
    );
  }
  const toast = savedToast(id === null, saved.changed);
  throw redirect(`/admin/brand/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

export default function BrandEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const brand = found?.brand ?? null;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link to="/admin/brand" className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.brand.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {brand ? `${t("admin.brand.title")}：${brand.name}` : t("admin.brand.newTitle")}
        </h1>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A saved form remounts with the stored (normalised) values. */}
        <BrandForm key={brand ? JSON.stringify(brand) : "new"} brand={brand} />
        {found && brand ? (
          <div className="flex flex-col gap-5">
            <Panel title={t("admin.brand.record")} testId="brand-record">
              <Facts rows={[[t("admin.field.products"), found.products]]} />
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Link
                  to={`/product?collection=${encodeURIComponent(brand.slug)}`}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t("admin.brand.viewPage")}
                </Link>
                <div className="ml-auto">
                  <DeleteRecordButton
                    label={t("admin.brand.delete")}
                    pendingLabel={t("admin.deleting")}
                    confirmTitle={t("admin.brand.confirmDeleteTitle", { name: brand.name })}
                    confirmBody={t("admin.brand.confirmDeleteBody", { products: found.products })}
                    confirmLabel={t("admin.brand.confirmDelete")}
                  />
                </div>
              </div>
            </Panel>
            <Panel title={t("admin.member.history")}>
              <AuditList entries={found.history} emptyText={t("admin.member.noHistory")} />
            </Panel>
          </div>
        ) : null}
      </div>
    </div>
  );
}

type BrandRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["brand"];

function BrandForm({ brand }: { brand: BrandRow | null }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof brandSchema>, z.output<typeof brandSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: brand
      ? {
          name: brand.name,
          slug: brand.slug,
          description: brand.description,
          logo: brand.logo ?? "",
          isMeat: brand.isMeat,
          position: brand.position,
        }
      : { position: 0 },
    constraint: getZodConstraint(brandSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";

  return (
    <Panel title={t("admin.brand.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormField translate={errorText} field={fields.name} label={t("admin.field.name")}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.slug}
          label={t("admin.field.slug")}
          hint={t("admin.brand.slugHint")}
        >
          <input
            {...getInputProps(fields.slug, { type: "text" })}
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.description}
          label={t("admin.field.description")}
          hint={t("form.optional")}
        >
          <textarea {...getTextareaProps(fields.description)} rows={4} className={inputClass} />
        </FormField>
        <ImageField field={fields.logo} label={t("admin.field.logo")} folder="brands" />
        <FormField
          translate={errorText}
          field={fields.position}
          label={t("admin.field.position")}
          hint={t("admin.brand.positionHint")}
        >
          <input
            {...getInputProps(fields.position, { type: "number" })}
            min={0}
            max={BRAND_POSITION_MAX}
            step={1}
            inputMode="numeric"
            className={`${inputClass} max-w-32`}
          />
        </FormField>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.isMeat, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("admin.brand.isMeat")}
        </label>
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={brand ? t("admin.brand.save") : t("admin.brand.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing brand shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.brand.notFound"
      back={{ to: "/admin/brand", label: "admin.brand.back" }}
    />
  );
}
