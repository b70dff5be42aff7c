/**
 * The four listing modes (SPEC §3's simplified category documents: all, limited, general,
 * instock) on their own, small enough for the shell: the side menu needs them on every page.
 */
import type { ProductMode } from "../shared/pricing.ts";

export const listingModes = ["all", "general", "limited", "instock"] as const satisfies readonly (
  | "all"
  | ProductMode
)[];
export type ListingMode = (typeof listingModes)[number];

/** Products on sale in one category node, per mode. */
export type ModeCounts = Record<ListingMode, number>;

/** The listing path of each mode; /product is the filtered list over all modes. */
export const listingPaths: Record<ListingMode, string> = {
  all: "/all",
  general: "/general",
  limited: "/limited",
  instock: "/instock",
};

/** Which mode's counts the side menu shows on a page: the listing's own, `all` everywhere else. */
export function listingModeForPath(pathname: string): ListingMode {
  const path = pathname.replace(/\/+$/, "") || "/";
  return listingModes.find((mode) => listingPaths[mode] === path) ?? "all";
}
