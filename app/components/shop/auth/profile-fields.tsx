import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { FormField, inputClass } from "~/components/ui/form-field.tsx";
import { genders } from "~/domain/members/genders.ts";
import { hkAreaNames, hkAreas } from "~/domain/shared/hk-districts.ts";
import { t } from "~/i18n/index.ts";

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
  referrerReadOnly = false,
}: {
  fields: ProfileFieldSet;
  referrerReadOnly?: boolean;
}) {
  const [area, setArea] = useState(
    typeof fields.area.initialValue === "string" ? fields.area.initialValue : "",
  );
  const districts = area in hkAreas ? hkAreas[area as keyof typeof hkAreas] : [];
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <FormField field={fields.lastName} label={t("form.lastName")}>
          <input
            {...getInputProps(fields.lastName, { type: "text" })}
            autoComplete="family-name"
            className={inputClass}
          />
        </FormField>
        <FormField field={fields.firstName} label={t("form.firstName")}>
          <input
            {...getInputProps(fields.firstName, { type: "text" })}
            autoComplete="given-name"
            className={inputClass}
          />
        </FormField>
      </div>
      <FormField field={fields.email} label={t("form.email")}>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          className={inputClass}
        />
      </FormField>
      <FormField field={fields.gender} label={t("auth.gender")}>
        <select {...getSelectProps(fields.gender)} className={inputClass}>
          <option value="">{t("auth.gender.none")}</option>
          {genders.map((gender) => (
            <option key={gender} value={gender}>
              {t(`auth.gender.${gender}`)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField field={fields.area} label={t("auth.area")}>
          <select
            {...getSelectProps(fields.area)}
            onChange={(event) => setArea(event.target.value)}
            className={inputClass}
          >
            <option value="">{t("auth.choose")}</option>
            {hkAreaNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.adminDistrict} label={t("auth.adminDistrict")}>
          <select {...getSelectProps(fields.adminDistrict)} key={area} className={inputClass}>
            <option value="">{t("auth.choose")}</option>
            {districts.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField field={fields.district} label={t("auth.district")} hint={t("form.optional")}>
        <input
          {...getInputProps(fields.district, { type: "text" })}
          autoComplete="address-level3"
          className={inputClass}
        />
      </FormField>
      <label className="flex items-start gap-2 text-sm text-stone-700">
        <input
          {...getInputProps(fields.agreePromotion, { type: "checkbox" })}
          className="mt-1 size-4 accent-brand-700"
        />
        {t("auth.agreePromotion")}
      </label>
      <FormField field={fields.referrer} label={t("auth.referrer")}>
        <input
          {...getInputProps(fields.referrer, { type: "tel" })}
          readOnly={referrerReadOnly}
          inputMode="tel"
          aria-describedby={`${fields.referrer.errorId} ${fields.referrer.id}-hint`}
          className={inputClass}
        />
        <p id={`${fields.referrer.id}-hint`} className="text-xs text-stone-500">
          {referrerReadOnly ? t("profile.referrerLocked") : t("auth.referrerHint")}
        </p>
      </FormField>
    </>
  );
}
