import type { shellFrame as zh } from "../shell-frame.ts";
import type { Mirror } from "./mirror.ts";

export const shellFrame = {
  "menu.topLinks": "Gather",
  "menu.selectedShops": "Selected shops",
  "menu.setMeals": "Set meals",
  "menu.wholeBeef": "Whole cuts of beef",
  "menu.wholePork": "Whole cuts of pork",
  "menu.importedFrozen": "Imported frozen food",
  "menu.meatBrands": "Meat brands",
  "menu.partnerStores": "Partner stores",
  "menu.categories": "Categories",
  "menu.allInCategory": "All {name}",
  "menu.count": { by: "count", one: "# item", other: "# items" },
  "footer.rights": "© {year} Gather (齊齊買). All rights reserved.",
  "footer.links": "Links",
  "footer.contact": "Contact us",
  "footer.hours": "Customer service: Mon–Fri 10:00–19:00 (except public holidays)",
  "overlay.loading": "Working on it, please wait…",
  "maintenance.title": "Down for maintenance",
  "maintenance.body":
    "We're upgrading Gather so you can shop better. We'll reopen as planned. Thanks for your patience!",
  "maintenance.countdown": "Reopening in",
  "maintenance.reopenAt": "Expected to reopen: {time}",
  "maintenance.reached":
    "Maintenance should be over and the shop will reopen shortly. Please refresh the page in a moment.",
  "maintenance.blurbTitle": "Community group buying: neighbours save together",
  "maintenance.blurb":
    "Gather pools orders from neighbours in the same area and buys in bulk straight from farms, fishing ports and importers. Once enough people join, everyone pays the group price, and the goods come to a pickup point near your home. Fresh, good value, and you get to meet your neighbours.",
  "meta.defaultDescription":
    "Gather: Hong Kong community group buying. Meat, frozen food, fresh fruit and veg, dry goods and ready meals at group prices once enough people join, picked up at a point near you.",
} satisfies Mirror<typeof zh>;
