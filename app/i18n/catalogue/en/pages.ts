import type { pages as zh } from "../pages.ts";
import type { Mirror } from "./mirror.ts";

export const pages = {
  "page.about.title": "About us",
  "page.about.description":
    "Gather is a Hong Kong community group-buying platform: neighbours order quality meat, frozen food, fresh fruit and veg, dry goods and ready meals together, get the group price once enough people join, and pick up at a community pickup point nearby.",
  "page.prelaunch.title": "Opening soon",
  "page.prelaunch.description":
    "Gather opens soon: a Hong Kong community group-buying platform for meat, frozen food, fresh fruit and veg, dry goods and ready meals at group prices once enough people join. Register now and we'll let you know as soon as we open.",
  "page.wholeBeef.title": "Whole-cut beef",
  "page.wholeBeef.description":
    "Gather's whole-cut beef shop: sirloin, ribeye, tenderloin, oyster blade and flank, bought as whole primals, cut and weighed to order, with the difference refunded on the actual weight.",
  "page.wholePork.title": "Whole-cut pork",
  "page.wholePork.description":
    "Gather's whole-cut pork shop: collar, loin, belly, jowl and ribs of Iberian and Japanese Kurobuta pork, cut and weighed to order, with the difference refunded on the actual weight.",
} satisfies Mirror<typeof zh>;
