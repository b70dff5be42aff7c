import type { content as zh } from "../content.ts";
import type { Mirror } from "./mirror.ts";

export const content = {
  "page.home.title": "Gather | Hong Kong community group buying",
  "page.home.description":
    "Gather: Hong Kong community group buying. Meat, frozen food, fresh fruit and veg, dry goods and ready meals at group prices once enough people join, picked up at a point near you.",
} satisfies Mirror<typeof zh>;
