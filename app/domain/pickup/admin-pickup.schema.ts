import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import {
  imageAddress,
  list,
  parseRecordId,
  dollars as priceField,
  recordId,
} from "../shared/record-fields.ts";
import { checkbox, messageKeys, optionalText, requiredText } from "../shared/validation.ts";

/**
 * The pickup point and district forms of the back office (DESIGN §4.13, issue 5 item 6): one schema
 * per form for Conform in the browser and the action on the server. Charges are typed in dollars
 * and leave the schema as integer cents (DESIGN §4.1).
 */

/** The three areas of Hong Kong a district belongs to, in the order /location lists them. */
export const PICKUP_AREAS = ["香港島", "九龍", "新界及離島"] as const;
export type PickupArea = (typeof PICKUP_AREAS)[number];

/** The three areas' English names, fixed like the areas themselves (issue 48 item 2). */
export const pickupAreaNamesEn: Record<PickupArea, string> = {
  香港島: "Hong Kong Island",
  九龍: "Kowloon",
  新界及離島: "New Territories and Islands",
};

/** SPEC §9 pickup hours; a new point starts with them (the database has the same default). */
export const DEFAULT_PICKUP_HOURS = "星期一至五 10:00–19:00（公眾假期除外）";
/** The same hours in English, offered beside them on a new point's form. */
export const DEFAULT_PICKUP_HOURS_EN = "Mon–Fri 10:00–19:00 (except public holidays)";

export const PICKUP_POSITION_MAX = 9_999;
/** $10,000: far above any delivery charge or run fee, well inside an integer of cents. */
const PICKUP_CHARGE_MAX_CENTS = 1_000_000;

const position = z.coerce
  .number<number>({ error: messageKeys.number })
  .int("admin.validation.position")
  .min(0, "admin.validation.position")
  .max(PICKUP_POSITION_MAX, "admin.validation.position")
  .default(0);

/** Dollars as typed ("15", "12.5", "$20") to cents; negatives and a third decimal are refused. */
const dollars = priceField(PICKUP_CHARGE_MAX_CENTS);

// ——— Districts (/admin/location-district) ———

export const DISTRICT_NAME_MAX = 30;

export const districtSchema = z.object({
  name: requiredText(DISTRICT_NAME_MAX),
  /** English pages show it where set, else the Chinese (issue 48 item 2). */
  nameEn: optionalText(DISTRICT_NAME_MAX * 2),
  area: z.enum(PICKUP_AREAS, { error: messageKeys.required }),
  /** Order on /location and in the checkout's district list, smallest first. */
  position,
});
export type DistrictInput = z.output<typeof districtSchema>;

// ——— Pickup points (/admin/location) ———

export const pickupPointSchema = z.object({
  districtId: recordId,
  name: requiredText(60),
  address: requiredText(200),
  hours: requiredText(100),
  /** The same in English, each optional: English pages show the Chinese where blank (issue 48 item 2). */
  nameEn: optionalText(120),
  addressEn: optionalText(300),
  hoursEn: optionalText(200),
  /** ISO weekdays it opens (1 Monday … 7 Sunday): a cycle's pickup dates are checked against them. */
  openDays: list(
    z
      .array(z.coerce.number<number>({ error: messageKeys.number }).int().min(1).max(7), {
        error: "admin.point.validation.openDays",
      })
      .min(1, "admin.point.validation.openDays")
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  ),
  /** Typed in dollars, read as cents. Charged once per member per cycle (DESIGN §4.5); 0 = free. */
  deliveryCharge: dollars,
  /** Cents, as above: one delivery run here in a cycle, shared by its members (DESIGN §4.8); blank = none. */
  runFee: dollars.optional(),
  /** A designated merchant with free delivery makes this point free (SPEC §1). */
  merchantId: recordId.optional(),
  /** Inactive points leave /location and cannot be chosen at checkout; their orders stay. */
  active: checkbox,
  position,
  bannerDesktop: imageAddress,
  bannerMobile: imageAddress,
});
export type PickupPointInput = z.output<typeof pickupPointSchema>;

// ——— The lists ———

export const pickupStatusFilters = ["all", "active", "inactive"] as const;
type PickupStatusFilter = (typeof pickupStatusFilters)[number];

export interface PickupPointListQuery extends TableState {
  /** One district's points; null for every district. */
  districtId: number | null;
  status: PickupStatusFilter;
}

/** The list's state from its URL (`?q=&district=&status=&page=`); nonsense falls back to "all". */
export function parsePickupPointListQuery(params: URLSearchParams): PickupPointListQuery {
  const status = params.get("status");
  return {
    ...parseTableState(params),
    districtId: parseRecordId(params.get("district") ?? undefined),
    status: pickupStatusFilters.find((value) => value === status) ?? "all",
  };
}

const pickupAreaFilters = ["all", ...PICKUP_AREAS] as const;
type PickupAreaFilter = (typeof pickupAreaFilters)[number];

export interface DistrictListQuery extends TableState {
  area: PickupAreaFilter;
}

export function parseDistrictListQuery(params: URLSearchParams): DistrictListQuery {
  const area = params.get("area");
  return { ...parseTableState(params), area: pickupAreaFilters.find((value) => value === area) ?? "all" };
}
