import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { PickupStaffPanel } from "~/components/admin/pickup-staff-panel.tsx";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { HistoryPanel, RecordColumns, RecordHeader } from "~/components/admin/record-page.tsx";
import { Facts, Panel } from "~/components/admin/record-panel.tsx";
import { AreaDistrictFields } from "~/components/shop/auth/area-district-fields.tsx";
import { FormField, SubmitButton } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { memberEditSchema, memberTypeValues } from "~/domain/members/admin-member.schema.ts";
import { pickupStaffSchema } from "~/domain/pickup/pickup-staff.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { MessagesHandle } from "~/i18n/load-messages.ts";
import { parseForm } from "~/web/form-parse.ts";
import { throwRedirectWithToast } from "~/web/record-action.server.ts";
import { notFound, savedToast } from "~/web/record-route.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/member-edit.ts";

/** The profile's area and district fields are the storefront's, worded from the `member` group. */
export const handle: MessagesHandle = { messages: ["member"] };

export const meta: Route.MetaFunction = () => adminMeta("admin.member.title");

const back = { to: "/admin/member", label: "admin.member.back" } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  if (!UUID.test(params.id)) notFound();
  const found = await context.services.members.admin.getMember(params.id);
  if (!found) notFound();
  const pickupStaff = await context.services.pickup.staff.assignment(params.id);
  return { ...found, pickupStaff, isSelf: found.member.id === admin.id };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (!UUID.test(params.id)) notFound();
  const formData = await readForm(request, { schemas: [memberEditSchema, pickupStaffSchema] });
  if (formData.get("intent") === "pickupStaff")
    return assignPickupStaff(admin.id, params.id, formData, context);
  const submission = parseForm(formData, memberEditSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const updated = await context.services.members.admin.updateMember(admin.id, params.id, submission.value);
  if (updated.status === "not_found") notFound();
  if (updated.status === "self_demote") {
    return data(
      { result: submission.reply({ fieldErrors: { type: ["admin.member.selfDemote"] } }) },
      { status: 400 },
    );
  }
  return throwRedirectWithToast(`${back.to}/${params.id}`, savedToast(false, updated.changed));
}

/** Issue 31 item 2: the points this member works at as pickup staff (their own form on the page). */
async function assignPickupStaff(
  adminId: string,
  memberId: string,
  formData: FormData,
  context: Route.ActionArgs["context"],
) {
  const submission = parseForm(formData, pickupStaffSchema);
  if (submission.status !== "success")
    return data({ result: null, staffResult: submission.reply() }, { status: 400 });
  const saved = await context.services.pickup.staff.assign(adminId, memberId, submission.value.pointIds);
  if (saved.status === "not_found") notFound();
  if (saved.status === "unknown_point") {
    const staffResult = submission.reply({ formErrors: ["admin.member.pickupStaff.unknownPoint"] });
    return data({ result: null, staffResult }, { status: 400 });
  }
  return throwRedirectWithToast(`${back.to}/${memberId}`, savedToast(false, saved.changed));
}

const fullName = (lastName: string | null, firstName: string | null) => `${lastName ?? ""}${firstName ?? ""}`;
const dateTime = (value: Date | null) => (value ? formatHkAdminTime(new Date(value)) : t("admin.none"));

export default function MemberEdit({ loaderData }: Route.ComponentProps) {
  const { member, referees, history } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-5">
      <RecordHeader
        back={back}
        title={`${t("admin.member.title")}：${fullName(member.lastName, member.firstName)}`}
      />
      <RecordColumns
        aside={
          <>
            <Panel title={t("admin.member.account")}>
              <Facts
                rows={[
                  [
                    t("admin.member.uid"),
                    <code key="uid" className="text-xs break-all">
                      {member.id}
                    </code>,
                  ],
                  [t("admin.member.phone"), member.phone],
                  [t("admin.member.dDollar"), formatCents(member.dDollarCents)],
                  [t("admin.member.createdAt"), dateTime(member.createdAt)],
                  [t("admin.member.lastLogin"), dateTime(member.lastLogin)],
                  [t("admin.member.lastConsumption"), dateTime(member.lastConsumption)],
                ]}
              />
            </Panel>
            <Panel title={t("admin.member.referral")} testId="referral-details">
              {member.referrerId ? (
                <Facts
                  rows={[
                    [
                      t("admin.member.referrerUid"),
                      <code key="uid" className="text-xs break-all">
                        {member.referrerId}
                      </code>,
                    ],
                    [
                      t("admin.member.referrerPhone"),
                      <Link
                        key="phone"
                        to={`/admin/member/${member.referrerId}`}
                        className="text-brand-700 underline"
                      >
                        {member.referrerPhone}
                      </Link>,
                    ],
                    [
                      t("admin.member.referrerName"),
                      fullName(member.referrerLastName, member.referrerFirstName),
                    ],
                    [t("admin.member.referrerEmail"), member.referrerEmail ?? t("admin.none")],
                    [
                      t("admin.member.referralDiscount"),
                      member.referralDiscount === 1
                        ? t("admin.member.referralDiscount.1")
                        : t("admin.member.referralDiscount.0"),
                    ],
                  ]}
                />
              ) : (
                <p className="text-sm text-stone-600">{t("admin.member.noReferrer")}</p>
              )}
              <h3 className="mt-4 text-sm font-semibold text-stone-900">{t("admin.member.referees")}</h3>
              {referees.length === 0 ? (
                <p className="mt-1 text-sm text-stone-600">{t("admin.member.noReferees")}</p>
              ) : (
                <ul className="mt-1 divide-y divide-stone-100 text-sm">
                  {referees.map((referee) => (
                    <li key={referee.id} className="flex justify-between gap-2 py-1.5">
                      <Link to={`/admin/member/${referee.id}`} className="text-brand-700 underline">
                        {referee.phone} {fullName(referee.lastName, referee.firstName)}
                      </Link>
                      <span className="text-stone-600">{dateTime(referee.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <PickupStaffPanel
              key={loaderData.pickupStaff.map((point) => `${point.id}:${point.assigned}`).join()}
              points={loaderData.pickupStaff}
              lastResult={actionData && "staffResult" in actionData ? actionData.staffResult : null}
            />
            <HistoryPanel entries={history} />
          </>
        }
      >
        <MemberForm key={String(member.updatedAt)} loaderData={loaderData} />
      </RecordColumns>
    </div>
  );
}

function MemberForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { member, isSelf } = loaderData;
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<z.input<typeof memberEditSchema>, z.output<typeof memberEditSchema>>({
    lastResult: navigation.state === "idle" ? actionResult : null,
    defaultValue: {
      lastName: member.lastName,
      firstName: member.firstName,
      email: member.email,
      area: member.area ?? "",
      adminDistrict: member.adminDistrict ?? "",
      district: member.district ?? "",
      type: member.type,
      agreePromotion: member.agreePromotion,
    },
    constraint: getZodConstraint(memberEditSchema),
    onValidate: ({ formData }) => parseForm(formData, memberEditSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Panel title={t("admin.member.profile")}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3">
          <FormField field={fields.lastName} label={t("form.lastName")}>
            <Input {...getInputProps(fields.lastName, { type: "text" })} />
          </FormField>
          <FormField field={fields.firstName} label={t("form.firstName")}>
            <Input {...getInputProps(fields.firstName, { type: "text" })} />
          </FormField>
        </div>
        <FormField field={fields.email} label={t("form.email")} hint={t("form.optional")}>
          <Input {...getInputProps(fields.email, { type: "email" })} />
        </FormField>
        <AreaDistrictFields area={fields.area} adminDistrict={fields.adminDistrict} />
        <FormField field={fields.district} label={t("auth.district")} hint={t("form.optional")}>
          <Input {...getInputProps(fields.district, { type: "text" })} />
        </FormField>
        <FormField field={fields.type} label={t("admin.member.type")}>
          <Select {...getSelectProps(fields.type)}>
            {memberTypeValues.map((value) => (
              // An admin cannot demote themself (the server refuses it too).
              <option key={value} value={value} disabled={isSelf && value !== "admin"}>
                {t(`admin.members.type.${value}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input
            {...getInputProps(fields.agreePromotion, { type: "checkbox" })}
            className="size-4 accent-brand-700"
          />
          {t("admin.member.agreePromotion")}
        </label>
        <div className="pt-1">
          <SubmitButton
            pending={navigation.state === "submitting"}
            label={t("admin.member.save")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </Panel>
  );
}

/** A missing member shows inside the back office frame, with the way back to the list. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordErrorPanel error={error} notFound="admin.member.notFound" back={back} />;
}
