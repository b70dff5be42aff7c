import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Select } from "~/components/ui/select.tsx";
import {
  type HkArea,
  type HkDistrict,
  hkAreaNames,
  hkAreas,
  hkPlaceIds,
} from "~/domain/shared/hk-districts.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/**
 * The area and its administrative district, side by side: choosing an area offers its districts
 * (the member's profile, registration and the back office's member page). The values are the zh-HK
 * names a profile stores, shown as they are in zh-HK; an English page shows their English names
 * (the `member` message group, which the back office, in zh-HK only, does not load).
 */
export function AreaDistrictFields({
  area: areaField,
  adminDistrict,
}: {
  area: FieldMetadata<unknown>;
  adminDistrict: FieldMetadata<unknown>;
}) {
  const { t, locale } = useI18n();
  const nameOf = (place: HkArea | HkDistrict) =>
    locale === "zh-HK" ? place : t(`hkPlace.${hkPlaceIds[place]}`);
  const [area, setArea] = useState(typeof areaField.initialValue === "string" ? areaField.initialValue : "");
  const districts = area in hkAreas ? hkAreas[area as HkArea] : [];
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField field={areaField} label={t("auth.area")}>
        <Select {...getSelectProps(areaField)} onChange={(event) => setArea(event.target.value)}>
          <option value="">{t("auth.choose")}</option>
          {hkAreaNames.map((name) => (
            <option key={name} value={name}>
              {nameOf(name)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField field={adminDistrict} label={t("auth.adminDistrict")}>
        <Select {...getSelectProps(adminDistrict)} key={area}>
          <option value="">{t("auth.choose")}</option>
          {districts.map((name: HkDistrict) => (
            <option key={name} value={name}>
              {nameOf(name)}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
