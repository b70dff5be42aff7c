import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { FieldsetSection } from "~/components/admin/record-panel.tsx";
import { useConfirmFirst } from "~/components/admin/use-confirm-first.ts";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { siteSettingsSchema } from "~/domain/site/admin-settings.schema.ts";
import { REFERRAL_MAX_PERCENT } from "~/domain/site/shop-rates.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/settings.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.settings.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [settings, history] = await Promise.all([
    context.services.site.getSettings(),
    context.services.members.admin.auditEntries({ entity: "settings", limit: 5 }),
  ]);
  return {
    version: settings.updatedAt.toISOString(),
    settings: {
      maintenance: settings.maintenance,
      reopenAt: toHkLocalInput(settings.reopenAt),
      shopName: settings.shopName,
      supportWhatsapp: settings.supportWhatsapp,
      facebookUrl: settings.facebookUrl,
      instagramUrl: settings.instagramUrl,
      paymeClaimHours: String(settings.paymeClaimHours),
      fpsIdentifier: settings.fpsIdentifier ?? "",
      fpsAccountName: settings.fpsAccountName ?? "",
      cardFeePercent: String(settings.cardFeeBasisPoints / 100),
      referralPercent: String(settings.referralPercent),
    },
    history,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseForm(
    await readForm(request, { schemas: [siteSettingsSchema] }),
    siteSettingsSchema,
  );
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { changed } = await context.services.members.admin.updateSettings(admin.id, submission.value);
  const toast = changed
    ? ({ kind: "success", key: "admin.toast.updated" } as const)
    : ({ kind: "info", key: "admin.toast.unchanged" } as const);
  throw redirect("/admin/settings", { headers: [await flashHeader(toast)] });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  // A saved form remounts with the stored (normalised) values.
  return <SettingsForm key={loaderData.version} {...loaderData} />;
}

function SettingsForm({ settings, history }: Route.ComponentProps["loaderData"]) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof siteSettingsSchema>, z.output<typeof siteSettingsSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: settings,
    constraint: getZodConstraint(siteSettingsSchema),
    onValidate: ({ formData }) => parseForm(formData, siteSettingsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);

  // Turning maintenance on closes the shop to every customer: ask first.
  const { formRef, onSubmit, confirming, cancel, confirm } = useConfirmFirst({
    needsConfirm: (event) => {
      const box = event.currentTarget.elements.namedItem(fields.maintenance.name) as HTMLInputElement | null;
      return Boolean(box?.checked) && !settings.maintenance;
    },
    submit: formProps.onSubmit,
  });

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.settings.title")}</h1>
        <span
          data-testid="maintenance-status"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            settings.maintenance ? "bg-accent-600 text-white" : "bg-emerald-700 text-white"
          }`}
        >
          {settings.maintenance ? t("admin.settings.status.on") : t("admin.settings.status.off")}
        </span>
      </div>
      <Form method="post" {...formProps} ref={formRef} onSubmit={onSubmit} className="flex flex-col gap-5">
        <FieldsetSection title={t("admin.settings.maintenanceSection")}>
          <label className="flex items-start gap-3">
            <input
              {...getInputProps(fields.maintenance, { type: "checkbox" })}
              className="mt-0.5 size-5 shrink-0 accent-accent-600"
              aria-describedby={`${fields.maintenance.id}-hint`}
            />
            <span>
              <span className="font-semibold text-stone-900">{t("admin.settings.maintenance")}</span>
              <span id={`${fields.maintenance.id}-hint`} className="mt-0.5 block text-sm text-stone-600">
                {t("admin.settings.maintenanceHint")}
              </span>
            </span>
          </label>
          <FormField field={fields.reopenAt} label={t("admin.settings.reopenAt")}>
            <Input {...getInputProps(fields.reopenAt, { type: "datetime-local" })} />
          </FormField>
        </FieldsetSection>
        <FieldsetSection title={t("admin.settings.shopSection")}>
          <FormField field={fields.shopName} label={t("admin.settings.shopName")}>
            <Input {...getInputProps(fields.shopName, { type: "text" })} />
          </FormField>
          <FormField
            field={fields.supportWhatsapp}
            label={t("admin.settings.supportWhatsapp")}
            hint={t("admin.settings.supportWhatsappHint")}
          >
            <Input {...getInputProps(fields.supportWhatsapp, { type: "tel" })} inputMode="tel" />
          </FormField>
          <p className="text-sm text-stone-600">
            {t("admin.settings.bannersMoved")}{" "}
            <Link to="/admin/banner" className="font-semibold text-brand-700 underline">
              {t("admin.banners.title")}
            </Link>
          </p>
        </FieldsetSection>
        <FieldsetSection title={t("admin.settings.socialSection")}>
          <FormField field={fields.facebookUrl} label={t("admin.settings.facebookUrl")}>
            <Input {...getInputProps(fields.facebookUrl, { type: "url" })} />
          </FormField>
          <FormField field={fields.instagramUrl} label={t("admin.settings.instagramUrl")}>
            <Input {...getInputProps(fields.instagramUrl, { type: "url" })} />
          </FormField>
        </FieldsetSection>
        <FieldsetSection title={t("admin.settings.paymentSection")}>
          <FormField
            field={fields.paymeClaimHours}
            label={t("admin.settings.paymeClaimHours")}
            hint={t("admin.settings.paymeClaimHoursHint")}
          >
            <Input
              {...getInputProps(fields.paymeClaimHours, { type: "number" })}
              inputMode="numeric"
              step={1}
            />
          </FormField>
          <FormField
            field={fields.fpsIdentifier}
            label={t("admin.settings.fpsIdentifier")}
            hint={t("admin.settings.fpsIdentifierHint")}
          >
            <Input
              {...getInputProps(fields.fpsIdentifier, { type: "text" })}
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <FormField
            field={fields.fpsAccountName}
            label={t("admin.settings.fpsAccountName")}
            hint={t("admin.settings.fpsAccountNameHint")}
          >
            <Input {...getInputProps(fields.fpsAccountName, { type: "text" })} autoComplete="off" />
          </FormField>
        </FieldsetSection>
        <FieldsetSection title={t("admin.settings.ratesSection")}>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              translate={errorText}
              field={fields.cardFeePercent}
              label={t("admin.settings.cardFeePercent")}
              hint={t("admin.settings.cardFeePercentHint")}
            >
              <PercentInput>
                <Input
                  {...getInputProps(fields.cardFeePercent, { type: "text" })}
                  inputMode="decimal"
                  className="pr-8"
                />
              </PercentInput>
            </FormField>
            <FormField
              translate={errorText}
              field={fields.referralPercent}
              label={t("admin.settings.referralPercent")}
              hint={t("admin.settings.referralPercentHint")}
            >
              <PercentInput>
                <Input
                  {...getInputProps(fields.referralPercent, { type: "number" })}
                  min={0}
                  max={REFERRAL_MAX_PERCENT}
                  step={1}
                  inputMode="numeric"
                  className="pr-8"
                />
              </PercentInput>
            </FormField>
          </div>
        </FieldsetSection>
        <div>
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("admin.settings.save")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
      <ConfirmDialog
        open={confirming}
        title={t("admin.settings.confirmTitle")}
        body={t("admin.settings.confirmBody")}
        confirmLabel={t("admin.settings.confirm")}
        onCancel={cancel}
        onConfirm={confirm}
      />
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <h2 className="font-semibold text-stone-900">{t("admin.member.history")}</h2>
        <AuditList entries={history} emptyText={t("admin.member.noHistory")} />
      </section>
    </div>
  );
}

/** A number field with a % sign inside its right edge. */
function PercentInput({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-stone-500"
      >
        %
      </span>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
