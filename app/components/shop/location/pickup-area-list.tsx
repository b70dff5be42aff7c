import type { ContentLang } from "~/domain/shared/content-language.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import { PickupPointCard, type PickupPointCardData } from "./pickup-point-card.tsx";

export interface PickupAreaGroup {
  area: string;
  /** The area's and districts' names in the page's language, `nameLang` where they are not. */
  name: string;
  nameLang?: ContentLang;
  districts: { id: number; name: string; nameLang?: ContentLang; points: PickupPointCardData[] }[];
}

/** Anchors for the three areas; Latin ids keep the URL fragment readable. */
const areaIds: Record<string, string> = {
  香港島: "hong-kong-island",
  九龍: "kowloon",
  新界及離島: "new-territories",
};

function areaId(area: string, index: number): string {
  return areaIds[area] ?? `area-${index + 1}`;
}

function pointCount(area: PickupAreaGroup): number {
  return area.districts.reduce((sum, district) => sum + district.points.length, 0);
}

/**
 * Pickup points by area, then district (DESIGN §4.13), with jump links to each area. Area and
 * district names are shop content: in English on an English page where given (decision 0055).
 */
export function PickupAreaList({ areas }: { areas: PickupAreaGroup[] }) {
  const { t } = useI18n();
  return (
    <>
      <nav aria-label={t("location.areas")} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {areas.map((area, index) => (
            <li key={area.area}>
              <a
                href={`#${areaId(area.area, index)}`}
                className="inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-1.5 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
              >
                <span lang={area.nameLang}>{area.name}</span>
                <span className="text-xs text-stone-500">
                  {t("location.pointCount", { count: pointCount(area) })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {areas.map((area, index) => (
        <section
          key={area.area}
          id={areaId(area.area, index)}
          aria-labelledby={`${areaId(area.area, index)}-heading`}
          className="mt-8 scroll-mt-4"
        >
          <h2
            id={`${areaId(area.area, index)}-heading`}
            className="border-b-2 border-brand-200 pb-1 text-xl font-bold text-brand-800"
            lang={area.nameLang}
          >
            {area.name}
          </h2>
          {area.districts.map((district) => (
            <section key={district.id} aria-labelledby={`district-${district.id}`} className="mt-4">
              <h3 id={`district-${district.id}`} className="mb-2 font-semibold text-brand-700">
                <span lang={district.nameLang}>{district.name}</span>
                <span className="ml-2 text-xs font-normal text-stone-500">
                  {t("location.pointCount", { count: district.points.length })}
                </span>
              </h3>
              <ul className="grid gap-3 xl:grid-cols-2">
                {district.points.map((point) => (
                  <PickupPointCard key={point.id} point={point} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </>
  );
}
