import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldError, SubmitButton } from "~/components/ui/form-field.tsx";
import { pickupStaffSchema } from "~/domain/pickup/pickup-staff.schema.ts";
import { errorText, t } from "~/i18n/admin.ts";
import { parseForm } from "~/web/form-parse.ts";

/** An admin makes a member pickup staff at one or more points (none: not staff); issue 31 item 2. */
export function PickupStaffPanel({
  points,
  lastResult,
}: {
  points: { id: number; name: string; assigned: boolean; active?: boolean }[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "pickupStaff";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? lastResult : null,
    constraint: getZodConstraint(pickupStaffSchema),
    onValidate: ({ formData }) => parseForm(formData, pickupStaffSchema),
    shouldValidate: "onSubmit",
  });
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm sm:p-5" data-testid="pickup-staff">
      <h2 className="mb-1 text-lg font-semibold text-stone-900">{t("admin.member.pickupStaff")}</h2>
      <p className="mb-3 text-sm text-stone-600">{t("admin.member.pickupStaff.hint")}</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="pickupStaff" />
        {points.length === 0 ? (
          <p className="text-sm text-stone-600">{t("admin.member.pickupStaff.none")}</p>
        ) : (
          <fieldset className="grid gap-1 sm:grid-cols-2" aria-describedby={fields.pointIds.errorId}>
            <legend className="sr-only">{t("admin.member.pickupStaff")}</legend>
            {points.map((point) => (
              <label key={point.id} className="flex items-center gap-2 py-1 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name={fields.pointIds.name}
                  value={point.id}
                  defaultChecked={point.assigned}
                  className="size-4 accent-brand-700"
                />
                {point.name}
                {point.active === false ? t("admin.member.pickupStaff.inactive") : null}
              </label>
            ))}
          </fieldset>
        )}
        <FieldError
          id={fields.pointIds.errorId}
          error={errorText(fields.pointIds.errors?.[0] ?? form.errors?.[0])}
        />
        <div>
          <SubmitButton
            pending={pending}
            label={t("admin.member.pickupStaff.save")}
            pendingLabel={t("admin.saving")}
          />
        </div>
      </Form>
    </section>
  );
}
