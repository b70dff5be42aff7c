import type { productDrawerCatalogue as zh } from "../product-drawer.ts";
import type { Mirror } from "./mirror.ts";

export const productDrawerCatalogue = {
  "product.cutoffAt": "Closes: {time}",
  "product.liquorNotice":
    "Under the law of Hong Kong, intoxicating liquor must not be sold or supplied to a minor in the course of business.",
  "product.maxPerMember": { by: "count", one: "At most # per member", other: "At most # per member" },
  "product.images": "Product pictures",
  "product.image": "Picture {index} of {total}",
  "product.imageAlt": "{name} ({picture})",
  "product.description": "About this product",
  "product.howPriced": "How the price works",
  "product.payable.general":
    "Group buy: pay the regular price when you order; if the target is reached at cut-off, the difference of {refund} per {unit} comes back as dDollar.",
  "product.payable.limited":
    "Limited group buy: pay the group price; if the target isn't reached at cut-off, the whole amount comes back as dDollar.",
  "product.payable.instock": "In stock: buy now at the group price while stocks last.",
  "product.pickup": "Pickup: {from} to {to}",
  "product.close": "Close product details",
} satisfies Mirror<typeof zh>;
