import { getCollectionProps, getSelectProps } from "@conform-to/react";
import { CircleOff, ExternalLink } from "lucide-react";
import { Link, useActionData } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { ConfirmIntentButton } from "~/components/admin/confirm-intent-button.tsx";
import { DistrictOptions } from "~/components/admin/district-options.tsx";
import { ImageField } from "~/components/admin/image-field.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  EnglishTextField,
  PositionField,
  RecordAside,
  RecordForm,
  TextField,
} from "~/components/admin/record-form.tsx";
import {
  CheckboxField,
  RecordColumns,
  RecordHeader,
  RecordLink,
  RecordNote,
  RefusalAlert,
} from "~/components/admin/record-page.tsx";
import { DeleteRecordButton, Panel } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import { DEFAULT_OPEN_DAYS, WEEKDAYS } from "~/domain/cycles/cycle-calendar.ts";
import {
  DEFAULT_PICKUP_HOURS,
  DEFAULT_PICKUP_HOURS_EN,
  PICKUP_POSITION_MAX,
  pickupPointSchema,
} from "~/domain/pickup/admin-pickup.schema.ts";
import { centsToDollars } from "~/domain/shared/dollar-amounts.ts";
import { parseRecordId } from "~/domain/shared/record-fields.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { recordAction } from "~/web/record-action.server.ts";
import { findRecord } from "~/web/record-route.ts";
import type { Route } from "./+types/location-edit.ts";

/** /admin/location/new adds a pickup point; /admin/location/:id edits, deactivates or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.point.title", "admin.point.newTitle");

const back = { to: "/admin/location", label: "admin.point.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const service = context.services.pickup.admin;
  const [districts, merchants, found] = await Promise.all([
    service.allDistricts(),
    service.merchantOptions(),
    findRecord(params, (id) => service.getPoint(id)),
  ]);
  // "Add a point here" from a district's page preselects it.
  const preselected = parseRecordId(new URL(request.url).searchParams.get("district") ?? undefined);
  return { districts, merchants, found, preselected };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.pickup.admin;
  return recordAction(request, params, {
    list: back.to,
    schema: pickupPointSchema,
    save: (id, value) =>
      id === null ? service.createPoint(admin.id, value) : service.updatePoint(admin.id, id, value),
    refuseSave: (refused) => ({
      status: 400,
      fieldErrors:
        refused.status === "unknown_district"
          ? { districtId: [t("admin.point.unknownDistrict")] }
          : { merchantId: ["admin.validation.unknownOption"] },
    }),
    remove: (id) => service.deletePoint(admin.id, id),
    refuseDelete: (refused) => ({ refusal: t("admin.point.inUse", { orders: refused.orders }) }),
    deactivate: (id) => service.deactivatePoint(admin.id, id),
  });
}

type LoaderData = Route.ComponentProps["loaderData"];
type Found = NonNullable<LoaderData["found"]>;

export default function LocationEdit({ loaderData }: Route.ComponentProps) {
  const { found, districts } = loaderData;
  const point = found?.point ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={point ? `${t("admin.point.title")}：${point.name}` : t("admin.point.newTitle")}
      />
      <RefusalAlert refusal={refusal} />
      {point && !point.active ? (
        <RecordNote testId="inactive-note">{t("admin.point.inactiveNote")}</RecordNote>
      ) : null}
      {districts.length === 0 ? (
        <Panel title={t("admin.point.details")}>
          <p className="text-stone-700">{t("admin.point.noDistricts")}</p>
          <Link
            to="/admin/location-district/new"
            className={buttonClass({ size: "toolbar", className: "mt-3 inline-flex" })}
          >
            {t("admin.point.addDistrict")}
          </Link>
        </Panel>
      ) : (
        <RecordColumns aside={found ? <PointPanels found={found} /> : null}>
          {/* A saved form remounts with the stored (normalised) values. */}
          <PointForm key={point ? JSON.stringify(point) : "new"} loaderData={loaderData} />
        </RecordColumns>
      )}
    </div>
  );
}

function PointPanels({ found }: { found: Found }) {
  const { point } = found;
  return (
    <RecordAside
      title={t("admin.point.record")}
      testId="point-record"
      facts={[[t("admin.point.orders"), found.orders]]}
      links={
        point.active ? (
          <RecordLink to="/location" icon={ExternalLink} label={t("admin.point.viewPage")} />
        ) : null
      }
      history={found.history}
      remove={
        found.orders === 0 ? (
          <DeleteRecordButton
            label={t("admin.point.delete")}
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
        ) : null
      }
    />
  );
}

function PointForm({ loaderData }: { loaderData: LoaderData }) {
  const { found, districts, merchants, preselected } = loaderData;
  const point = found?.point ?? null;
  const { form, fields, saving } = useRecordForm(
    pickupPointSchema,
    point
      ? {
          districtId: String(point.districtId),
          name: point.name,
          nameEn: point.nameEn,
          address: point.address,
          addressEn: point.addressEn,
          hours: point.hours,
          hoursEn: point.hoursEn,
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
          hoursEn: DEFAULT_PICKUP_HOURS_EN,
          openDays: DEFAULT_OPEN_DAYS.map(String),
          active: true,
          position: "0",
        },
  );

  return (
    <RecordForm
      title={t("admin.point.details")}
      form={form}
      saving={saving}
      saveLabel={point ? t("admin.point.save") : t("admin.point.create")}
    >
      <FormField translate={errorText} field={fields.districtId} label={t("admin.point.district")}>
        <Select {...getSelectProps(fields.districtId)}>
          <option value="">{t("admin.point.chooseDistrict")}</option>
          <DistrictOptions districts={districts} />
        </Select>
      </FormField>
      <TextField field={fields.name} label={t("admin.point.name")} />
      <EnglishTextField field={fields.nameEn} label={t("admin.field.nameEn")} />
      <TextField field={fields.address} label={t("admin.point.address")} />
      <EnglishTextField field={fields.addressEn} label={t("admin.field.addressEn")} />
      <TextField field={fields.hours} label={t("admin.point.hours")} hint={t("admin.point.hoursHint")} />
      <EnglishTextField field={fields.hoursEn} label={t("admin.point.hoursEn")} />
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
        <TextField
          field={fields.deliveryCharge}
          label={t("admin.point.deliveryCharge")}
          hint={t("admin.point.deliveryChargeHint")}
          inputMode="decimal"
        />
        <TextField
          field={fields.runFee}
          label={t("admin.point.runFee")}
          hint={t("admin.point.runFeeHint")}
          inputMode="decimal"
        />
      </div>
      <FormField
        translate={errorText}
        field={fields.merchantId}
        label={t("admin.point.merchant")}
        hint={t("admin.point.merchantHint")}
      >
        <Select {...getSelectProps(fields.merchantId)}>
          <option value="">{t("admin.point.noMerchant")}</option>
          {merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.freeDelivery ? t("admin.point.merchantFree", { name: merchant.name }) : merchant.name}
            </option>
          ))}
        </Select>
      </FormField>
      <PositionField field={fields.position} hint={t("admin.point.positionHint")} max={PICKUP_POSITION_MAX} />
      <CheckboxField field={fields.active}>{t("admin.point.active")}</CheckboxField>
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
    </RecordForm>
  );
}

/** A missing point shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.point.notFound" back={back} />;
}
