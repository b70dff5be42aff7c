import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select } from "~/components/ui/select.tsx";
import { genders } from "~/domain/members/genders.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { AreaDistrictFields } from "./area-district-fields.tsx";

export interface ProfileFieldSet {
  firstName: FieldMetadata<unknown>;
  lastName: FieldMetadata<unknown>;
  email: FieldMetadata<unknown>;
  gender: FieldMetadata<unknown>;
  area: FieldMetadata<unknown>;
  adminDistrict: FieldMetadata<unknown>;
  district: FieldMetadata<unknown>;
  agreePromotion: FieldMetadata<unknown>;
  referrer: FieldMetadata<unknown>;
}

/** The profile part of /register and /account/profile (SPEC §3 User, §5). */
export function ProfileFields({
  fields,
  referrerNote = null,
}: {
  fields: ProfileFieldSet;
  /** Why the referrer can no longer be filled in (one recorded, or a paid order): the field is then read-only. */
  referrerNote?: string | null;
}) {
  const { t } = useI18n();
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <FormField field={fields.lastName} label={t("form.lastName")}>
          <Input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </FormField>
        <FormField field={fields.firstName} label={t("form.firstName")}>
          <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
        </FormField>
      </div>
      <FormField field={fields.email} label={t("form.email")} hint={t("form.optional")}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </FormField>
      <FormField field={fields.gender} label={t("auth.gender")}>
        <Select {...getSelectProps(fields.gender)}>
          <option value="">{t("auth.gender.none")}</option>
          {genders.map((gender) => (
            <option key={gender} value={gender}>
              {t(`auth.gender.${gender}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <AreaDistrictFields area={fields.area} adminDistrict={fields.adminDistrict} />
      <FormField field={fields.district} label={t("auth.district")} hint={t("form.optional")}>
        <Input {...getInputProps(fields.district, { type: "text" })} autoComplete="address-level3" />
      </FormField>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          {...getInputProps(fields.agreePromotion, { type: "checkbox" })}
          className="mt-1 size-4 accent-brand-700"
        />
        {t("auth.agreePromotion")}
      </label>
      <FormField field={fields.referrer} label={t("auth.referrer")}>
        <Input
          {...getInputProps(fields.referrer, { type: "tel" })}
          readOnly={referrerNote !== null}
          inputMode="tel"
          aria-describedby={`${fields.referrer.errorId} ${fields.referrer.id}-hint`}
        />
        <p id={`${fields.referrer.id}-hint`} className="text-xs text-stone-500">
          {referrerNote ?? t("auth.referrerHint")}
        </p>
      </FormField>
    </>
  );
}
