import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CircleOff, ExternalLink } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam, savedToast } from "~/components/admin/record-route.ts";
import { FormField, inputClass, SubmitButton } from "~/components/ui/form-field.tsx";
import { DEFAULT_OPEN_DAYS, WEEKDAYS } from "~/domain/cycles/cycle-calendar.ts";
import {
  DEFAULT_PICKUP_HOURS,
  PICKUP_AREAS,
  PICKUP_POSITION_MAX,
  pickupPointSchema,
} from "~/domain/pickup/admin-pickup.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/location-edit.ts";

/** /admin/location/new adds a pickup point; /admin/location/:id edits, deactivates or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.point.title" : "admin.point.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  const service = context.services.pickupAdmin;
  const [districts, merchants, found] = await Promise.all([
    service.allDistricts(),
    service.merchantOptions(),
    id === null ? null : service.getPoint(id),
  ]);
  if (id !== null && !found) notFound();
  // "Add a point here" from a district's page preselects it.
  const preselected = parseRecordId(new URL(request.url).searchParams.get("district") ?? undefined);
  return { districts, merchants, found, preselected };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [pickupPointSchema], names: ["intent"] });
  const service = context.services.pickupAdmin;
  const intent = formData.get("intent");

  if (intent === "delete") {
    if (id === null) notFound();
    const deleted = await service.deletePoint(admin.id, id);
    if (deleted.status === "not_found") notFound();
    if (deleted.status === "in_use") {
      return data(
        { result: undefined, refusal: t("admin.point.inUse", { orders: deleted.orders }) },
        { status: 409 },
      );
    }
    throw redirect("/admin/location", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  if (intent === "deactivate") {
    if (id === null) notFound();
    const done = await service.deactivatePoint(admin.id, id);
    if (done.status === "not_found") notFound();
    const toast =
      done.status === "deactivated"
        ? ({ kind: "success", key: "toast.admin.updated" } as const)
        : ({ kind: "info", key: "admin.toast.unchanged" } as const);
    throw redirect(`/admin/location/${id}`, { headers: [await flashHeader(toast)] });
  }

  const submission = parseWithZod(formData, { schema: pickupPointSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: undefined }, { status: 400 });
  }
  const saved =
    id === null
      ? await service.createPoint(admin.id, submission.value)
      : await service.updatePoint(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "unknown_district" || saved.status === "unknown_merchant") {
    const fieldErrors: Record<string, string[]> =
      saved.status === "unknown_district"
        ? { districtId: [t("admin.point.unknownDistrict")] }
        : { merchantId: ["admin.validation.unknownOption"] };
    return data({ result: submission.reply({ fieldErrors }), refusal: undefined }, { status: 400 });
  }
  const toast = savedToast(id === null, saved.changed);
  throw redirect(`/admin/location/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function LocationEdit({ loaderData }: Route.ComponentProps) {
  const { found, districts } = loaderData;
  const point = found?.point ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link
          to="/admin/location"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.point.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {point ? `${t("admin.point.title")}：${point.name}` : t("admin.point.newTitle")}
        </h1>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
          {refusal}
        </p>
      ) : null}
      {point && !point.active ? (
        <p
          className="rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
          data-testid="inactive-note"
        >
          {t("admin.point.inactiveNote")}
        </p>
      ) : null}
      {districts.length === 0 ? (
        <Panel title={t("admin.point.details")}>
          <p className="text-stone-700">{t("admin.point.noDistricts")}</p>
          <Link
            to="/admin/location-district/new"
            className="mt-3 inline-flex rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t("admin.point.addDistrict")}
          </Link>
        </Panel>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {/* A saved form remounts with the stored (normalised) values. */}
          <PointForm key={point ? JSON.stringify(point) : "new"} loaderData={loaderData} />
          {found && point ? (
            <div className="flex flex-col gap-5">
              <Panel title={t("admin.point.record")} testId="point-record">
                <Facts rows={[[t("admin.point.orders"), found.orders]]} />
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  {point.active ? (
                    <Link
                      to="/location"
                      className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      {t("admin.point.viewPage")}
                    </Link>
                  ) : null}
                  <div className="ml-auto">
                    {found.orders === 0 ? (
                      <DeleteRecordButton
                        label={t("admin.point.delete")}
                        pendingLabel={t("admin.deleting")}
                        confirmTitle={t("admin.point.confirmDeleteTitle", { name: point.name })}
                        confirmBody={t("admin.point.confirmDeleteBody")}
                        confirmLabel={t("admin.point.confirmDelete")}
                      />
                    ) : point.active ? (
                      <ConfirmIntentButton
                        intent="deactivate"
                        icon={CircleOff}
                        label={t("admin.point.deactivate")}
                        pendingLabel={t("admin.point.deactivating")}
                        confirmTitle={t("admin.point.deactivate")}
                        confirmBody={t("admin.point.deactivateBody", { orders: found.orders })}
                        confirmLabel={t("admin.point.confirmDeactivate")}
                      />
                    ) : null}
                  </div>
                </div>
              </Panel>
              <Panel title={t("admin.member.history")}>
                <AuditList entries={found.history} emptyText={t("admin.member.noHistory")} />
              </Panel>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

function PointForm({ loaderData }: { loaderData: LoaderData }) {
  const { found, districts, merchants, preselected } = loaderData;
  const point = found?.point ?? null;
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof pickupPointSchema>, z.output<typeof pickupPointSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: point
      ? {
          districtId: String(point.districtId),
          name: point.name,
          address: point.address,
          hours: point.hours,
          openDays: point.openDays.map(String),
          deliveryCharge: centsToDollars(point.deliveryChargeCents),
          runFee: point.runFeeCents === null ? "" : centsToDollars(point.runFeeCents),
          merchantId: point.merchantId === null ? "" : String(point.merchantId),
          active: point.active,
          position: String(point.position),
          bannerDesktop: point.bannerDesktop ?? "",
          bannerMobile: point.bannerMobile ?? "",
        }
      : {
          districtId: preselected && districts.some((d) => d.id === preselected) ? String(preselected) : "",
          hours: DEFAULT_PICKUP_HOURS,
          openDays: DEFAULT_OPEN_DAYS.map(String),
          active: true,
          position: "0",
        },
    constraint: getZodConstraint(pickupPointSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pickupPointSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") !== "delete" &&
    navigation.formData?.get("intent") !== "deactivate";

  return (
    <Panel title={t("admin.point.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormField translate={errorText} field={fields.districtId} label={t("admin.point.district")}>
          <select {...getSelectProps(fields.districtId)} className={inputClass}>
            <option value="">{t("admin.point.chooseDistrict")}</option>
            {PICKUP_AREAS.map((area) => {
              const inArea = districts.filter((district) => district.area === area);
              return inArea.length > 0 ? (
                <optgroup key={area} label={area}>
                  {inArea.map((district) => (
                    <option key={district.id} value={district.id}>
                      {district.name}
                    </option>
                  ))}
                </optgroup>
              ) : null;
            })}
          </select>
        </FormField>
        <FormField translate={errorText} field={fields.name} label={t("admin.point.name")}>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField translate={errorText} field={fields.address} label={t("admin.point.address")}>
          <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} />
        </FormField>
        <FormField
          translate={errorText}
          field={fields.hours}
          label={t("admin.point.hours")}
          hint={t("admin.point.hoursHint")}
        >
          <input {...getInputProps(fields.hours, { type: "text" })} className={inputClass} />
        </FormField>
        <fieldset className="flex flex-col gap-1" aria-describedby={fields.openDays.errorId}>
          <legend className="text-sm font-medium text-stone-800">{t("admin.point.openDays")}</legend>
          <p className="text-sm text-stone-600">{t("admin.point.openDaysHint")}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
            {getCollectionProps(fields.openDays, {
              type: "checkbox",
              options: WEEKDAYS.map(String),
            }).map((props) => (
              <label key={props.key} className="flex items-center gap-2 text-base">
                <input {...props} key={props.key} className="size-4 accent-brand-700" />
                {t(`admin.point.weekday.${props.value}` as "admin.point.weekday.1")}
              </label>
            ))}
          </div>
          {fields.openDays.errors?.[0] ? (
            <p id={fields.openDays.errorId} className="text-sm text-accent-600">
              {errorText(fields.openDays.errors[0])}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            translate={errorText}
            field={fields.deliveryCharge}
            label={t("admin.point.deliveryCharge")}
            hint={t("admin.point.deliveryChargeHint")}
          >
            <input
              {...getInputProps(fields.deliveryCharge, { type: "text" })}
              inputMode="decimal"
              className={inputClass}
            />
          </FormField>
          <FormField
            translate={errorText}
            field={fields.runFee}
            label={t("admin.point.runFee")}
            hint={t("admin.point.runFeeHint")}
          >
            <input
              {...getInputProps(fields.runFee, { type: "text" })}
              inputMode="decimal"
              className={inputClass}
            />
          </FormField>
        </div>
        <FormField
          translate={errorText}
          field={fields.merchantId}
          label={t("admin.point.merchant")}
          hint={t("admin.point.merchantHint")}
        >
          <select {...getSelectProps(fields.merchantId)} className={inputClass}>
            <option value="">{t("admin.point.noMerchant")}</option>
            {merchants.map((merchant) => (
              <option key={merchant.id} value={merchant.id}>
                {merchant.freeDelivery
                  ? t("admin.point.merchantFree", { name: merchant.name })
                  : merchant.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          translate={errorText}
          field={fields.position}
          label={t("admin.point.position")}
          hint={t("admin.point.positionHint")}
        >
          <input
            {...getInputProps(fields.position, { type: "number" })}
            min={0}
            max={PICKUP_POSITION_MAX}
            className={inputClass}
          />
        </FormField>
        <label className="flex items-start gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          {t("admin.point.active")}
        </label>
        <ImageField
          field={fields.bannerDesktop}
          label={t("admin.point.bannerDesktop")}
          hint={t("admin.point.bannerHint")}
          folder="pickup-points"
        />
        <ImageField
          field={fields.bannerMobile}
          label={t("admin.point.bannerMobile")}
          hint={t("admin.point.bannerHint")}
          folder="pickup-points"
        />
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={point ? t("admin.point.save") : t("admin.point.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing point shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.point.notFound"
      back={{ to: "/admin/location", label: "admin.point.back" }}
    />
  );
}
