import { getTextareaProps } from "@conform-to/react";
import { ExternalLink } from "lucide-react";
import type { z } from "zod";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  EnglishTextField,
  PositionField,
  RecordAside,
  RecordForm,
  TextField,
} from "~/components/admin/record-form.tsx";
import { CheckboxField, RecordColumns, RecordHeader, RecordLink } from "~/components/admin/record-page.tsx";
import { DeleteRecordButton } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { FormField } from "~/components/ui/form-field.tsx";
import { Textarea } from "~/components/ui/input.tsx";
import {
  BANNER_POSITION_MAX,
  bannerSchemas,
  bannerValues,
  type EditableBannerKind,
  editableBannerKind,
} from "~/domain/site/admin-banner.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { recordAction } from "~/web/record-action.server.ts";
import { notFound, recordIdParam } from "~/web/record-route.ts";
import type { Route } from "./+types/banner-edit.ts";

/**
 * /admin/banner/new?kind=carousel|popup|top adds a banner; /admin/banner/:id edits or deletes one
 * (issue 27 item 6). The kind comes from the address or the saved row, never from the form.
 */
export const meta: Route.MetaFunction = () => adminMeta("admin.banners.title");

/** Every field any kind has; each kind's schema checks its own. */
type BannerForm = {
  title: string;
  titleEn?: string;
  subtitle?: string;
  subtitleEn?: string;
  href?: string;
  imageDesktop?: string;
  imageMobile?: string;
  image?: string;
  position?: number;
  active?: boolean;
};

const back = { to: "/admin/banner", label: "admin.banner.back" } as const;

async function load(request: Request, context: Route.LoaderArgs["context"], params: { id?: string }) {
  const id = recordIdParam(params);
  if (id === null) {
    const kind = editableBannerKind(new URL(request.url).searchParams.get("kind"));
    return { kind: kind ?? notFound(), found: null };
  }
  const found = await context.services.site.banners.get(id);
  if (!found) notFound();
  return { kind: found.banner.kind as EditableBannerKind, found };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return load(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { kind } = await load(request, context, params);
  const service = context.services.site.banners;
  return recordAction(request, params, {
    list: back.to,
    schema: bannerSchemas[kind],
    save: (id, value) =>
      id === null
        ? service.create(admin.id, kind, bannerValues(kind, value))
        : service.update(admin.id, id, bannerValues(kind, value)),
    remove: (id) => service.remove(admin.id, id),
  });
}

export default function BannerEdit({ loaderData }: Route.ComponentProps) {
  const { kind, found } = loaderData;
  const banner = found?.banner ?? null;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={
          banner ? `${t(`admin.banner.editTitle.${kind}`)}：${banner.title}` : t(`admin.banners.add.${kind}`)
        }
        hint={t(`admin.banners.hint.${kind}`)}
      />
      <RecordColumns
        aside={
          found ? (
            <RecordAside
              title={t("admin.banner.record")}
              testId="banner-record"
              links={
                <RecordLink to="/" reloadDocument icon={ExternalLink} label={t("admin.banner.viewHome")} />
              }
              remove={
                <DeleteRecordButton
                  label={t("admin.banner.delete")}
                  confirmTitle={t("admin.banner.confirmDeleteTitle", { title: found.banner.title })}
                  confirmBody={t("admin.banner.confirmDeleteBody")}
                  confirmLabel={t("admin.banner.confirmDelete")}
                />
              }
              history={found.history}
            />
          ) : null
        }
      >
        {/* A saved form remounts with the stored (normalised) values. */}
        <BannerFields key={banner ? JSON.stringify(banner) : `new-${kind}`} kind={kind} banner={banner} />
      </RecordColumns>
    </div>
  );
}

type BannerRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["banner"];

function defaults(
  kind: EditableBannerKind,
  banner: BannerRow | null,
): Partial<Record<keyof BannerForm, unknown>> {
  if (!banner) return { position: 0, active: true };
  return {
    title: banner.title,
    titleEn: banner.titleEn,
    subtitle: banner.subtitle ?? "",
    subtitleEn: banner.subtitleEn,
    href: banner.href ?? "",
    position: banner.position,
    active: banner.active,
    ...(kind === "popup"
      ? { image: banner.imageMobile ?? "" }
      : { imageDesktop: banner.imageDesktop ?? "", imageMobile: banner.imageMobile ?? "" }),
  };
}

function BannerFields({ kind, banner }: { kind: EditableBannerKind; banner: BannerRow | null }) {
  // The fields below are those of `kind`; the other kinds' fields are never rendered.
  const schema = bannerSchemas[kind] as unknown as z.ZodType<BannerForm, BannerForm>;
  const { form, fields, saving } = useRecordForm(schema, defaults(kind, banner) as BannerForm);

  return (
    <RecordForm
      title={t("admin.banner.details")}
      form={form}
      action={banner ? `/admin/banner/${banner.id}` : `/admin/banner/new?kind=${kind}`}
      saving={saving}
      saveLabel={banner ? t("admin.banner.save") : t("admin.banner.create")}
    >
      <TextField
        field={fields.title}
        label={t(kind === "top" ? "admin.banner.field.text" : "admin.banner.field.title")}
      />
      <EnglishTextField
        field={fields.titleEn}
        label={t(kind === "top" ? "admin.banner.field.textEn" : "admin.banner.field.titleEn")}
      />
      {kind === "carousel" ? (
        <>
          <TextField
            field={fields.subtitle}
            label={t("admin.banner.field.subtitle")}
            hint={t("form.optional")}
          />
          <EnglishTextField field={fields.subtitleEn} label={t("admin.banner.field.subtitleEn")} />
        </>
      ) : null}
      {kind === "popup" ? (
        <FormField
          translate={errorText}
          field={fields.subtitle}
          label={t("admin.banner.field.body")}
          hint={t("form.optional")}
        >
          <Textarea {...getTextareaProps(fields.subtitle)} rows={3} />
        </FormField>
      ) : null}
      {kind === "popup" ? (
        <FormField
          translate={errorText}
          field={fields.subtitleEn}
          label={t("admin.banner.field.bodyEn")}
          hint={t("admin.field.englishHint")}
        >
          <Textarea {...getTextareaProps(fields.subtitleEn)} rows={3} lang="en" />
        </FormField>
      ) : null}
      <TextField
        field={fields.href}
        label={t("admin.banner.field.href")}
        hint={t("admin.banner.hrefHint")}
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="/referral"
      />
      {kind === "carousel" ? (
        <>
          <ImageField
            field={fields.imageDesktop}
            label={t("admin.banner.field.imageDesktop")}
            hint={t("admin.banner.imageDesktopHint")}
            folder="banners"
          />
          <ImageField
            field={fields.imageMobile}
            label={t("admin.banner.field.imageMobile")}
            hint={t("admin.banner.imageMobileHint")}
            folder="banners"
          />
        </>
      ) : null}
      {kind === "popup" ? (
        <ImageField
          field={fields.image}
          label={t("admin.banner.field.image")}
          hint={t("admin.banner.imageHint")}
          folder="banners"
        />
      ) : null}
      <PositionField
        field={fields.position}
        hint={t("admin.banner.positionHint")}
        max={BANNER_POSITION_MAX}
      />
      <CheckboxField field={fields.active}>
        <span>
          <span className="font-semibold">{t("admin.banner.field.active")}</span>
          <span className="block text-stone-600">{t("admin.banner.activeHint")}</span>
        </span>
      </CheckboxField>
    </RecordForm>
  );
}

/** A missing banner shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.banner.notFound" back={back} />;
}
