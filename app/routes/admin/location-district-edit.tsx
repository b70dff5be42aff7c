import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, MapPin, Plus } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { flashHeader } from "~/auth/flash.server.ts";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { DeleteRecordButton, Facts, Panel } from "~/components/admin/record-panel.tsx";
import { notFound, recordIdParam, savedToast } from "~/components/admin/record-route.ts";
import { FormField, inputClass, SubmitButton } from "~/components/ui/form-field.tsx";
import {
  DISTRICT_NAME_MAX,
  districtSchema,
  PICKUP_AREAS,
  PICKUP_POSITION_MAX,
} from "~/domain/pickup/admin-pickup.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { readForm } from "~/services/shared/request-body.server.ts";
import type { Route } from "./+types/location-district-edit.ts";

/** /admin/location-district/new adds a district; /admin/location-district/:id edits or deletes one. */
export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta("id" in params && params.id ? "admin.district.title" : "admin.district.newTitle");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = recordIdParam(params);
  if (id === null) return { found: null };
  const found = await context.services.pickupAdmin.getDistrict(id);
  return { found: found ?? notFound() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = recordIdParam(params);
  const formData = await readForm(request, { schemas: [districtSchema], names: ["intent"] });
  const service = context.services.pickupAdmin;

  if (formData.get("intent") === "delete") {
    if (id === null) notFound();
    const deleted = await service.deleteDistrict(admin.id, id);
    if (deleted.status === "not_found") notFound();
    if (deleted.status === "in_use") {
      return data(
        { result: undefined, refusal: t("admin.district.inUse", { points: deleted.points }) },
        { status: 409 },
      );
    }
    throw redirect("/admin/location-district", {
      headers: [await flashHeader({ kind: "success", key: "toast.admin.removed" })],
    });
  }

  const submission = parseWithZod(formData, { schema: districtSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), refusal: undefined }, { status: 400 });
  }
  const saved =
    id === null
      ? await service.createDistrict(admin.id, submission.value)
      : await service.updateDistrict(admin.id, id, submission.value);
  if (saved.status === "not_found") notFound();
  if (saved.status === "name_taken") {
    return data(
      {
        result: submission.reply({ fieldErrors: { name: [t("admin.district.nameTaken")] } }),
        refusal: undefined,
      },
      { status: 400 },
    );
  }
  const toast = savedToast(id === null, saved.changed);
  throw redirect(`/admin/location-district/${saved.row.id}`, { headers: [await flashHeader(toast)] });
}

export default function LocationDistrictEdit({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  const district = found?.district ?? null;
  const refusal = useActionData<typeof action>()?.refusal;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <Link
          to="/admin/location-district"
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.district.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-800">
          {district ? `${t("admin.district.title")}：${district.name}` : t("admin.district.newTitle")}
        </h1>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-accent-600 ring-1 ring-red-200">
          {refusal}
        </p>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A saved form remounts with the stored (normalised) values. */}
        <DistrictForm key={district ? JSON.stringify(district) : "new"} district={district} />
        {found && district ? (
          <div className="flex flex-col gap-5">
            <Panel title={t("admin.district.record")} testId="district-record">
              <Facts rows={[[t("admin.district.points"), found.points]]} />
              <div className="mt-4 flex flex-wrap items-center gap-3">
                <Link
                  to={`/admin/location?district=${district.id}`}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <MapPin className="size-4" aria-hidden="true" />
                  {t("admin.district.viewPoints")}
                </Link>
                <Link
                  to={`/admin/location/new?district=${district.id}`}
                  className="inline-flex items-center gap-1 text-sm text-brand-700 underline"
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {t("admin.points.add")}
                </Link>
              </div>
              <div className="mt-4">
                {found.points === 0 ? (
                  <DeleteRecordButton
                    label={t("admin.district.delete")}
                    pendingLabel={t("admin.deleting")}
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

type DistrictRow = NonNullable<Route.ComponentProps["loaderData"]["found"]>["district"];

function DistrictForm({ district }: { district: DistrictRow | null }) {
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof districtSchema>, z.output<typeof districtSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: district
      ? { name: district.name, area: district.area, position: String(district.position) }
      : { position: "0" },
    constraint: getZodConstraint(districtSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: districtSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";

  return (
    <Panel title={t("admin.district.details")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormField translate={errorText} field={fields.name} label={t("admin.district.name")}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            maxLength={DISTRICT_NAME_MAX}
            className={inputClass}
          />
        </FormField>
        <FormField translate={errorText} field={fields.area} label={t("admin.district.area")}>
          <select {...getSelectProps(fields.area)} className={inputClass}>
            <option value="">{t("admin.district.chooseArea")}</option>
            {PICKUP_AREAS.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          translate={errorText}
          field={fields.position}
          label={t("admin.district.position")}
          hint={t("admin.district.positionHint")}
        >
          <input
            {...getInputProps(fields.position, { type: "number" })}
            min={0}
            max={PICKUP_POSITION_MAX}
            className={inputClass}
          />
        </FormField>
        <div className="pt-1">
          <SubmitButton
            pending={saving}
            label={district ? t("admin.district.save") : t("admin.district.create")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing district shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.district.notFound"
      back={{ to: "/admin/location-district", label: "admin.district.back" }}
    />
  );
}
