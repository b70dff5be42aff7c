import { PICKUP_AREAS } from "~/domain/pickup/admin-pickup.schema.ts";

/** A select's districts grouped under their area, in the areas' order; an area with none is left out. */
export function DistrictOptions({ districts }: { districts: { id: number; name: string; area: string }[] }) {
  return PICKUP_AREAS.map((area) => {
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
  });
}
