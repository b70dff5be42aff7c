import { ExternalLink } from "lucide-react";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  DescriptionField,
  EnglishTextField,
  PositionField,
  RecordAside,
  RecordForm,
  SlugField,
  TextField,
} from "~/components/admin/record-form.tsx";
import { CheckboxField, RecordColumns, RecordHeader, RecordLink } from "~/components/admin/record-page.tsx";
import { DeleteRecordButton } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { BRAND_POSITION_MAX, brandSchema } from "~/domain/catalogue/admin-catalogue.schema.ts";
import { t } from "~/i18n/admin.ts";
import { recordAction, slugTakenRefusal } from "~/web/record-action.server.ts";
import { findRecord } from "~/web/record-route.ts";
import type { Route } from "./+types/brand-edit.ts";

/** /admin/brand/new adds a brand (a "collection" of the storefront); /admin/brand/:id edits or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.brand.title", "admin.brand.newTitle");

const back = { to: "/admin/brand", label: "admin.brand.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { found: await findRecord(params, (id) => context.services.catalogue.admin.getBrand(id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.catalogue.admin;
  return recordAction(request, params, {
    list: back.to,
    schema: brandSchema,
    save: (id, value) =>
      id === null ? service.createBrand(admin.id, value) : service.updateBrand(admin.id, id, value),
    refuseSave: slugTakenRefusal,
    remove: (id) => service.deleteBrand(admin.id, id),
  });
}

export default function BrandEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const brand = found?.brand ?? null;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={brand ? `${t("admin.brand.title")}：${brand.name}` : t("admin.brand.newTitle")}
      />
      <RecordColumns
        aside={
          found && brand ? (
            <RecordAside
              title={t("admin.brand.record")}
              testId="brand-record"
              facts={[[t("admin.field.products"), found.products]]}
              links={
                <RecordLink
                  to={`/product?collection=${encodeURIComponent(brand.slug)}`}
                  icon={ExternalLink}
                  label={t("admin.brand.viewPage")}
                />
              }
              remove={
                <DeleteRecordButton
                  label={t("admin.brand.delete")}
                  confirmTitle={t("admin.brand.confirmDeleteTitle", { name: brand.name })}
                  confirmBody={t("admin.brand.confirmDeleteBody", { products: found.products })}
                  confirmLabel={t("admin.brand.confirmDelete")}
                />
              }
              history={found.history}
            />
          ) : null
        }
      >
        {/* A saved form remounts with the stored (normalised) values. */}
        <BrandForm key={brand ? JSON.stringify(brand) : "new"} brand={brand} />
      </RecordColumns>
    </div>
  );
}

type BrandRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["brand"];

function BrandForm({ brand }: { brand: BrandRow | null }) {
  const { form, fields, saving } = useRecordForm(
    brandSchema,
    brand
      ? {
          name: brand.name,
          nameEn: brand.nameEn,
          slug: brand.slug,
          description: brand.description,
          descriptionEn: brand.descriptionEn,
          logo: brand.logo ?? "",
          isMeat: brand.isMeat,
          position: brand.position,
        }
      : { position: 0 },
  );

  return (
    <RecordForm
      title={t("admin.brand.details")}
      form={form}
      saving={saving}
      saveLabel={brand ? t("admin.brand.save") : t("admin.brand.create")}
    >
      <TextField field={fields.name} label={t("admin.field.name")} />
      <EnglishTextField field={fields.nameEn} label={t("admin.field.nameEn")} />
      <SlugField field={fields.slug} hint={t("admin.brand.slugHint")} />
      <DescriptionField field={fields.description} rows={4} />
      <DescriptionField field={fields.descriptionEn} rows={4} english />
      <ImageField field={fields.logo} label={t("admin.field.logo")} folder="brands" />
      <PositionField field={fields.position} hint={t("admin.brand.positionHint")} max={BRAND_POSITION_MAX} />
      <CheckboxField field={fields.isMeat}>{t("admin.brand.isMeat")}</CheckboxField>
    </RecordForm>
  );
}

/** A missing brand shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.brand.notFound" back={back} />;
}
