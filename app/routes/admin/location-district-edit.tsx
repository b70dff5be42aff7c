import { getSelectProps } from "@conform-to/react";
import { MapPin, Plus } from "lucide-react";
import { useActionData } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { recordMeta } from "~/components/admin/admin-meta.ts";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import {
  EnglishTextField,
  PositionField,
  RecordAside,
  RecordForm,
  TextField,
} from "~/components/admin/record-form.tsx";
import { RecordColumns, RecordHeader, RecordLink, RefusalAlert } from "~/components/admin/record-page.tsx";
import { DeleteRecordButton } from "~/components/admin/record-panel.tsx";
import { useRecordForm } from "~/components/admin/use-record-form.ts";
import { FormField } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  DISTRICT_NAME_MAX,
  districtSchema,
  PICKUP_AREAS,
  PICKUP_POSITION_MAX,
} from "~/domain/pickup/admin-pickup.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { recordAction } from "~/web/record-action.server.ts";
import { findRecord } from "~/web/record-route.ts";
import type { Route } from "./+types/location-district-edit.ts";

/** /admin/location-district/new adds a district; /admin/location-district/:id edits or deletes one. */
export const meta: Route.MetaFunction = recordMeta("admin.district.title", "admin.district.newTitle");

const back = { to: "/admin/location-district", label: "admin.district.back" } as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { found: await findRecord(params, (id) => context.services.pickup.admin.getDistrict(id)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const service = context.services.pickup.admin;
  return recordAction(request, params, {
    list: back.to,
    schema: districtSchema,
    save: (id, value) =>
      id === null ? service.createDistrict(admin.id, value) : service.updateDistrict(admin.id, id, value),
    refuseSave: () => ({ status: 400, fieldErrors: { name: [t("admin.district.nameTaken")] } }),
    remove: (id) => service.deleteDistrict(admin.id, id),
    refuseDelete: (refused) => ({ refusal: t("admin.district.inUse", { points: refused.points }) }),
  });
}

export default function LocationDistrictEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const district = found?.district ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={district ? `${t("admin.district.title")}：${district.name}` : t("admin.district.newTitle")}
      />
      <RefusalAlert refusal={refusal} />
      <RecordColumns aside={found ? <DistrictPanels found={found} /> : null}>
        {/* A saved form remounts with the stored (normalised) values. */}
        <DistrictForm key={district ? JSON.stringify(district) : "new"} district={district} />
      </RecordColumns>
    </div>
  );
}

type Found = NonNullable<Route.ComponentProps["loaderData"]["found"]>;

function DistrictPanels({ found }: { found: Found }) {
  const { district } = found;
  return (
    <RecordAside
      title={t("admin.district.record")}
      testId="district-record"
      facts={[[t("admin.district.points"), found.points]]}
      links={
        <>
          <RecordLink
            to={`/admin/location?district=${district.id}`}
            icon={MapPin}
            label={t("admin.district.viewPoints")}
          />
          <RecordLink
            to={`/admin/location/new?district=${district.id}`}
            icon={Plus}
            label={t("admin.points.add")}
          />
        </>
      }
      history={found.history}
    >
      <div className="mt-4">
        {found.points === 0 ? (
          <DeleteRecordButton
            label={t("admin.district.delete")}
            confirmTitle={t("admin.district.confirmDeleteTitle", { name: district.name })}
            confirmBody={t("admin.district.confirmDeleteBody")}
            confirmLabel={t("admin.district.confirmDelete")}
          />
        ) : (
          <p className="text-sm text-stone-600" data-testid="district-in-use">
            {t("admin.district.inUse", { points: found.points })}
          </p>
        )}
      </div>
    </RecordAside>
  );
}

type DistrictRow = Found["district"];

function DistrictForm({ district }: { district: DistrictRow | null }) {
  const { form, fields, saving } = useRecordForm(
    districtSchema,
    district
      ? {
          name: district.name,
          nameEn: district.nameEn,
          area: district.area,
          position: String(district.position),
        }
      : { position: "0" },
  );

  return (
    <RecordForm
      title={t("admin.district.details")}
      form={form}
      saving={saving}
      saveLabel={district ? t("admin.district.save") : t("admin.district.create")}
    >
      <TextField field={fields.name} label={t("admin.district.name")} maxLength={DISTRICT_NAME_MAX} />
      <EnglishTextField field={fields.nameEn} label={t("admin.field.nameEn")} />
      <FormField translate={errorText} field={fields.area} label={t("admin.district.area")}>
        <Select {...getSelectProps(fields.area)}>
          <option value="">{t("admin.district.chooseArea")}</option>
          {PICKUP_AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </Select>
      </FormField>
      <PositionField
        field={fields.position}
        hint={t("admin.district.positionHint")}
        max={PICKUP_POSITION_MAX}
      />
    </RecordForm>
  );
}

/** A missing district shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.district.notFound" back={back} />;
}
