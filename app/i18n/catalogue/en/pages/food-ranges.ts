import type { foodRangesText as zh } from "../../pages/food-ranges.ts";
import type { Mirror } from "../mirror.ts";

export const foodRangesText = {
  "foodRange.meat.title": "Quality meat",
  "foodRange.meat.body":
    "Beef from Australia, the US, Japan and South America, and Iberian and Japanese Kurobuta pork, cut from whole primals and priced by weight.",
  "foodRange.frozen.title": "Frozen food",
  "foodRange.frozen.body":
    "Seafood, chicken, dim sum and imported frozen food, kept in a cold chain all the way so it stays fresh.",
  "foodRange.fresh.title": "Fresh fruit and veg",
  "foodRange.fresh.body":
    "Seasonal vegetables and fruit from local farms and nearby growers, ordered from the farm only after the cut-off to cut waste.",
  "foodRange.dry.title": "Dry goods",
  "foodRange.dry.body":
    "Rice, noodles, oil, sauces and dried seafood: everyday essentials in family-sized packs.",
  "foodRange.ready.title": "Ready meals",
  "foodRange.ready.body":
    "Ready-to-eat meal packs, soup packs and snacks: just heat and eat, for a proper meal even on your busiest days.",
} satisfies Mirror<typeof zh>;
