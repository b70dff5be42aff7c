import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import { hkAreaNames, hkAreas } from "~/domain/shared/hk-districts.ts";
import { t } from "~/i18n/index.ts";

/**
 * The area and its administrative district, side by side: choosing an area offers its districts
 * (the member's profile, registration and the back office's member page).
 */
export function AreaDistrictFields({
  area: areaField,
  adminDistrict,
}: {
  area: FieldMetadata<unknown>;
  adminDistrict: FieldMetadata<unknown>;
}) {
  const [area, setArea] = useState(typeof areaField.initialValue === "string" ? areaField.initialValue : "");
  const districts = area in hkAreas ? hkAreas[area as keyof typeof hkAreas] : [];
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField field={areaField} label={t("auth.area")}>
        <Select {...getSelectProps(areaField)} onChange={(event) => setArea(event.target.value)}>
          <option value="">{t("auth.choose")}</option>
          {hkAreaNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField field={adminDistrict} label={t("auth.adminDistrict")}>
        <Select {...getSelectProps(adminDistrict)} key={area}>
          <option value="">{t("auth.choose")}</option>
          {districts.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
