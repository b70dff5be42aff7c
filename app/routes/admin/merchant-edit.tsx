import { ExternalLink } from "lucide-react";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  DescriptionField,
  EnglishTextField,
  RecordAside,
  RecordForm,
  SlugField,
  TextField,
} from "~/components/admin/record-form.tsx";
import { CheckboxField, RecordColumns, RecordHeader, RecordLink } from "~/components/admin/record-page.tsx";
import { DeleteRecordButton } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { merchantSchema } from "~/domain/catalogue/admin-catalogue.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import { recordAction, slugTakenRefusal } from "~/web/record-action.server.ts";
import { findRecord } from "~/web/record-route.ts";
import type { Route } from "./+types/merchant-edit.ts";

/** /admin/merchant/new adds a merchant; /admin/merchant/:id edits or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.merchant.title", "admin.merchant.newTitle");

const back = { to: "/admin/merchant", label: "admin.merchant.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { found: await findRecord(params, (id) => context.services.catalogue.admin.getMerchant(id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.catalogue.admin;
  return recordAction(request, params, {
    list: back.to,
    schema: merchantSchema,
    save: (id, value) =>
      id === null ? service.createMerchant(admin.id, value) : service.updateMerchant(admin.id, id, value),
    refuseSave: slugTakenRefusal,
    remove: (id) => service.deleteMerchant(admin.id, id),
  });
}

const hkTime = (value: Date) => formatHkAdminTime(new Date(value));

export default function MerchantEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const merchant = found?.merchant ?? null;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={merchant ? `${t("admin.merchant.title")}：${merchant.name}` : t("admin.merchant.newTitle")}
      />
      <RecordColumns aside={found && merchant ? <MerchantPanels found={found} /> : null}>
        {/* A saved form remounts with the stored (normalised) values. */}
        <MerchantForm key={merchant ? String(merchant.updatedAt) : "new"} merchant={merchant} />
      </RecordColumns>
    </div>
  );
}

type Found = NonNullable<Route.ComponentProps["loaderData"]["found"]>;

function MerchantPanels({ found }: { found: Found }) {
  const { merchant } = found;
  return (
    <RecordAside
      title={t("admin.merchant.record")}
      testId="merchant-record"
      facts={[
        [t("admin.field.createdAt"), hkTime(merchant.createdAt)],
        [t("admin.field.updatedAt"), hkTime(merchant.updatedAt)],
        [t("admin.field.products"), found.products],
        [t("admin.field.pickupPoints"), found.pickupPoints],
      ]}
      links={
        <RecordLink
          to={`/merchant/${encodeURIComponent(merchant.slug)}/${merchant.id}`}
          icon={ExternalLink}
          label={t("admin.merchant.viewPage")}
        />
      }
      remove={
        <DeleteRecordButton
          label={t("admin.merchant.delete")}
          confirmTitle={t("admin.merchant.confirmDeleteTitle", { name: merchant.name })}
          confirmBody={t("admin.merchant.confirmDeleteBody", {
            products: found.products,
            points: found.pickupPoints,
          })}
          confirmLabel={t("admin.merchant.confirmDelete")}
        />
      }
      history={found.history}
    />
  );
}

type MerchantRow = Found["merchant"];

function MerchantForm({ merchant }: { merchant: MerchantRow | null }) {
  const { form, fields, saving } = useRecordForm(
    merchantSchema,
    merchant
      ? {
          name: merchant.name,
          nameEn: merchant.nameEn,
          slug: merchant.slug,
          description: merchant.description,
          descriptionEn: merchant.descriptionEn,
          address: merchant.address,
          addressEn: merchant.addressEn,
          logo: merchant.logo ?? "",
          freeDelivery: merchant.freeDelivery,
          featured: merchant.featured,
        }
      : { featured: true },
  );

  return (
    <RecordForm
      title={t("admin.merchant.details")}
      form={form}
      saving={saving}
      saveLabel={merchant ? t("admin.merchant.save") : t("admin.merchant.create")}
    >
      <TextField field={fields.name} label={t("admin.field.name")} />
      <EnglishTextField field={fields.nameEn} label={t("admin.field.nameEn")} />
      <SlugField field={fields.slug} hint={t("admin.merchant.slugHint")} />
      <TextField field={fields.address} label={t("admin.field.address")} hint={t("form.optional")} />
      <EnglishTextField field={fields.addressEn} label={t("admin.field.addressEn")} />
      <DescriptionField field={fields.description} rows={4} />
      <DescriptionField field={fields.descriptionEn} rows={4} english />
      <ImageField field={fields.logo} label={t("admin.field.logo")} folder="merchants" />
      <CheckboxField field={fields.freeDelivery}>{t("admin.merchant.freeDelivery")}</CheckboxField>
      <CheckboxField field={fields.featured}>{t("admin.merchant.featured")}</CheckboxField>
    </RecordForm>
  );
}

/** A missing merchant shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.merchant.notFound" back={back} />;
}
