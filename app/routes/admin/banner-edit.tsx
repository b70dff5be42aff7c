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
import { DeleteRecordButton, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam, savedToast } from "~/components/admin/record-route.ts";
import { FormField, inputClass, SubmitButton } from "~/components/ui/form-field.tsx";
import {
  BANNER_POSITION_MAX,
  bannerSchemas,
  bannerValues,
  type EditableBannerKind,
  editableBannerKind,
} from "~/domain/site/admin-banner.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/banner-edit.ts";

/**
 * /admin/banner/new?kind=carousel|popup|top adds a banner; /admin/banner/:id edits or deletes one
 * (issue 27 item 6). The kind comes from the address or the saved row, never from the form.
 */
export const meta: Route.MetaFunction = () => adminMeta("admin.banners.title");

/** Every field any kind has; each kind's schema checks its own. */
interface BannerForm {
  title: string;
  subtitle?: string;
  href?: string;
  imageDesktop?: string;
  imageMobile?: string;
  image?: string;
  position?: number;
  active?: boolean;
}

async function load(request: Request, context: Route.LoaderArgs["context"], params: { id?: string }) {
  const id = recordIdParam(params);
  if (id === null) {
    const kind = editableBannerKind(new URL(request.url).searchParams.get("kind"));
    return { kind: kind ?? notFound(), found: null };
  }
  const found = await context.services.bannersAdmin.get(id);
  if (!found) notFound();
  return { kind: found.banner.kind as EditableBannerKind, found };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return load(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { kind, found } = await load(request, context, params);
  const formData = await readForm(request, { schemas: [bannerSchemas[kind]], names: ["intent"] });
  const service = context.services.bannersAdmin;

  if (formData.get("intent") === "delete") {
    if (!found) notFound();
    const deleted = await service.remove(admin.id, found.banner.id);
    if (deleted.status === "not_found") notFound();
    throw redirect("/admin/banner", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  const submission = parseWithZod(formData, { schema: bannerSchemas[kind] });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const values = bannerValues(kind, submission.value);
  const saved = found
    ? await service.update(admin.id, found.banner.id, values)
    : await service.create(admin.id, kind, values);
  if (saved.status === "not_found") notFound();
  const toast = savedToast(!found, saved.changed);
  throw redirect(`/admin/banner/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

export default function BannerEdit({ loaderData }: Route.ComponentProps) {
  const { kind, found } = loaderData;
  const banner = found?.banner ?? null;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link to="/admin/banner" className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.banner.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {banner
            ? `${t(`admin.banner.editTitle.${kind}`)}：${banner.title}`
            : t(`admin.banners.add.${kind}`)}
        </h1>
        <p className="mt-1 text-sm text-stone-600">{t(`admin.banners.hint.${kind}`)}</p>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A saved form remounts with the stored (normalised) values. */}
        <BannerFields key={banner ? JSON.stringify(banner) : `new-${kind}`} kind={kind} banner={banner} />
        {found && banner ? (
          <div className="flex flex-col gap-5">
            <Panel title={t("admin.banner.record")} testId="banner-record">
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  to="/"
                  reloadDocument
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t("admin.banner.viewHome")}
                </Link>
                <div className="ml-auto">
                  <DeleteRecordButton
                    label={t("admin.banner.delete")}
                    pendingLabel={t("admin.deleting")}
                    confirmTitle={t("admin.banner.confirmDeleteTitle", { title: banner.title })}
                    confirmBody={t("admin.banner.confirmDeleteBody")}
                    confirmLabel={t("admin.banner.confirmDelete")}
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

type BannerRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["banner"];

function defaults(
  kind: EditableBannerKind,
  banner: BannerRow | null,
): Partial<Record<keyof BannerForm, unknown>> {
  if (!banner) return { position: 0, active: true };
  return {
    title: banner.title,
    subtitle: banner.subtitle ?? "",
    href: banner.href ?? "",
    position: banner.position,
    active: banner.active,
    ...(kind === "popup"
      ? { image: banner.imageMobile ?? "" }
      : { imageDesktop: banner.imageDesktop ?? "", imageMobile: banner.imageMobile ?? "" }),
  };
}

function BannerFields({ kind, banner }: { kind: EditableBannerKind; banner: BannerRow | null }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  // The fields below are those of `kind`; the other kinds' fields are never rendered.
  const schema = bannerSchemas[kind] as unknown as z.ZodType<BannerForm, BannerForm>;
  const [form, fields] = useForm<BannerForm>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: defaults(kind, banner) as BannerForm,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";

  return (
    <Panel title={t("admin.banner.details")}>
      <Form
        method="post"
        action={banner ? `/admin/banner/${banner.id}` : `/admin/banner/new?kind=${kind}`}
        {...getFormProps(form)}
        className="flex flex-col gap-3"
      >
        <FormField
          translate={errorText}
          field={fields.title}
          label={t(kind === "top" ? "admin.banner.field.text" : "admin.banner.field.title")}
        >
          <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />
        </FormField>
        {kind === "carousel" ? (
          <FormField
            translate={errorText}
            field={fields.subtitle}
            label={t("admin.banner.field.subtitle")}
            hint={t("form.optional")}
          >
            <input {...getInputProps(fields.subtitle, { type: "text" })} className={inputClass} />
          </FormField>
        ) : null}
        {kind === "popup" ? (
          <FormField
            translate={errorText}
            field={fields.subtitle}
            label={t("admin.banner.field.body")}
            hint={t("form.optional")}
          >
            <textarea {...getTextareaProps(fields.subtitle)} rows={3} className={inputClass} />
          </FormField>
        ) : null}
        <FormField
          translate={errorText}
          field={fields.href}
          label={t("admin.banner.field.href")}
          hint={t("admin.banner.hrefHint")}
        >
          <input
            {...getInputProps(fields.href, { type: "text" })}
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="/referral"
            className={inputClass}
          />
        </FormField>
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
        <FormField
          translate={errorText}
          field={fields.position}
          label={t("admin.field.position")}
          hint={t("admin.banner.positionHint")}
        >
          <input
            {...getInputProps(fields.position, { type: "number" })}
            min={0}
            max={BANNER_POSITION_MAX}
            step={1}
            inputMode="numeric"
            className={`${inputClass} max-w-32`}
          />
        </FormField>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span>
            <span className="font-semibold">{t("admin.banner.field.active")}</span>
            <span className="block text-stone-600">{t("admin.banner.activeHint")}</span>
          </span>
        </label>
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={banner ? t("admin.banner.save") : t("admin.banner.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing banner shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.banner.notFound"
      back={{ to: "/admin/banner", label: "admin.banner.back" }}
    />
  );
}
