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
import { merchantSchema } from "~/domain/catalogue/admin-catalogue.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/admin-hk-time.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/merchant-edit.ts";

/** /admin/merchant/new adds a merchant; /admin/merchant/:id edits or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.merchant.title" : "admin.merchant.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  if (id === null) return { found: null };
  const found = await context.services.catalogueAdmin.getMerchant(id);
  return { found: found ?? notFound() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [merchantSchema], names: ["intent"] });
  const service = context.services.catalogueAdmin;

  if (formData.get("intent") === "delete") {
    if (id === null) notFound();
    const deleted = await service.deleteMerchant(admin.id, id);
    if (deleted.status === "not_found") notFound();
    throw redirect("/admin/merchant", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  const submission = parseWithZod(formData, { schema: merchantSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved =
    id === null
      ? await service.createMerchant(admin.id, submission.value)
      : await service.updateMerchant(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "slug_taken") {
    return data(
      { result: submission.reply({ fieldErrors: { slug: ["admin.validation.slugTaken"] } }) },
      { status: 400 },
    );
  }
  const toast = savedToast(id === null, saved.changed);
  throw redirect(`/admin/merchant/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

const hkTime = (value: Date) => formatHkAdminTime(new Date(value));

export default function MerchantEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const merchant = found?.merchant ?? null;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link
          to="/admin/merchant"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.merchant.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {merchant ? `${t("admin.merchant.title")}：${merchant.name}` : t("admin.merchant.newTitle")}
        </h1>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A saved form remounts with the stored (normalised) values. */}
        <MerchantForm key={merchant ? String(merchant.updatedAt) : "new"} merchant={merchant} />
        {found && merchant ? (
          <div className="flex flex-col gap-5">
            <Panel title={t("admin.merchant.record")} testId="merchant-record">
              <Facts
                rows={[
                  [t("admin.field.createdAt"), hkTime(merchant.createdAt)],
                  [t("admin.field.updatedAt"), hkTime(merchant.updatedAt)],
                  [t("admin.field.products"), found.products],
                  [t("admin.field.pickupPoints"), found.pickupPoints],
                ]}
              />
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Link
                  to={`/merchant/${encodeURIComponent(merchant.slug)}/${merchant.id}`}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t("admin.merchant.viewPage")}
                </Link>
                <div className="ml-auto">
                  <DeleteRecordButton
                    label={t("admin.merchant.delete")}
                    pendingLabel={t("admin.deleting")}
                    confirmTitle={t("admin.merchant.confirmDeleteTitle", { name: merchant.name })}
                    confirmBody={t("admin.merchant.confirmDeleteBody", {
                      products: found.products,
                      points: found.pickupPoints,
                    })}
                    confirmLabel={t("admin.merchant.confirmDelete")}
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

type MerchantRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["merchant"];

function MerchantForm({ merchant }: { merchant: MerchantRow | null }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof merchantSchema>, z.output<typeof merchantSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: merchant
      ? {
          name: merchant.name,
          slug: merchant.slug,
          description: merchant.description,
          address: merchant.address,
          logo: merchant.logo ?? "",
          freeDelivery: merchant.freeDelivery,
          featured: merchant.featured,
        }
      : { featured: true },
    constraint: getZodConstraint(merchantSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: merchantSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";

  return (
    <Panel title={t("admin.merchant.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormField translate={errorText} field={fields.name} label={t("admin.field.name")}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.slug}
          label={t("admin.field.slug")}
          hint={t("admin.merchant.slugHint")}
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
          field={fields.address}
          label={t("admin.field.address")}
          hint={t("form.optional")}
        >
          <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.description}
          label={t("admin.field.description")}
          hint={t("form.optional")}
        >
          <textarea {...getTextareaProps(fields.description)} rows={4} className={inputClass} />
        </FormField>
        <ImageField field={fields.logo} label={t("admin.field.logo")} folder="merchants" />
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.freeDelivery, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("admin.merchant.freeDelivery")}
        </label>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.featured, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("admin.merchant.featured")}
        </label>
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={merchant ? t("admin.merchant.save") : t("admin.merchant.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing merchant shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.merchant.notFound"
      back={{ to: "/admin/merchant", label: "admin.merchant.back" }}
    />
  );
}
