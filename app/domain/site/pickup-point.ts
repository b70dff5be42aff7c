import type { PickupArea } from "../pickup/index.ts";
import { allInLanguage, type InLanguage, inLanguage } from "../shared/content-language.ts";

/**
 * A pickup point as the site content service reads it for the shop's pickup locations page and
 * checkout, each text with its English beside it (blank where the back office gave none).
 */
export interface PickupPointRow {
  id: number;
  name: string;
  nameEn: string;
  address: string;
  addressEn: string;
  hours: string;
  hoursEn: string;
  deliveryChargeCents: number;
  /** The cycle's total delivery cost here, shared by its members (DESIGN §4.8); null if none. */
  runFeeCents: number | null;
  free: boolean;
  merchantName: string | null;
  merchantNameEn: string | null;
  bannerDesktop: string | null;
  bannerMobile: string | null;
}

/** The texts of a pickup point a shopper reads, each in the page's language (`nameLang` where not). */
const POINT_TEXTS = ["name", "address", "hours", "merchantName"] as const;

/** A pickup point as a page shows it: its texts in the page's language (`inLanguage`). */
export type PickupPointView = InLanguage<PickupPointRow, (typeof POINT_TEXTS)[number]>;

interface AreaRow {
  area: PickupArea;
  name: string;
  nameEn: string;
  districts: { id: number; name: string; nameEn: string; points: PickupPointRow[] }[];
}

/** Areas, their districts and points with every name, address and opening hours in the page's language. */
export function pickupAreasInLanguage(areas: readonly AreaRow[], english: boolean) {
  return areas.map(({ districts, ...area }) => ({
    ...inLanguage(area, ["name"], english),
    districts: districts.map(({ points, ...district }) => ({
      ...inLanguage(district, ["name"], english),
      points: allInLanguage(points, POINT_TEXTS, english),
    })),
  }));
}
