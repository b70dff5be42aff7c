import type { productCatalogue as zh } from "../catalogue.ts";
import type { Mirror } from "./mirror.ts";

export const productCatalogue = {
  "product.addToCart": "Add to cart",
  "product.soldOut": "Sold out",
  "product.toBuy": " to buy",
  "product.discount": "{percent}% off",
  "product.discountLong": "{percent}% below market price",
  "product.perUnit": "/{unit}",
  "product.weightNote": "About {quantity}; any difference from the actual weight is refunded",
  "product.estimatedPiece": "About {amount} a piece (at the estimated weight)",
  "product.progress": {
    by: "target",
    one: "{buyers} joined / target # buyer",
    other: "{buyers} joined / target # buyers",
  },
  "product.progressMet": "Group reached",
  "product.progressMissing": { by: "missing", one: "# more to go", other: "# more to go" },
  "product.cutoff": "Closes in",
  "product.stockLeft": { by: "stock", one: "# left", other: "# left" },
  "product.stockLimited": { by: "stock", one: "Only # available", other: "Only # available" },
  "product.age": "18+",
  "product.ageNote": "Alcohol: sold only to people aged 18 or over; you confirm your age at checkout.",
  "product.brand": "Brand",
  "product.merchant": "Merchant",
  "product.label": ": ",
  "product.open": "See details: {name}",
  "home.hot.title": "Popular group buys",
  "home.closing.title": "Closing soon",
  "home.instock.title": "In stock",
  "home.viewAll": "See all",
} satisfies Mirror<typeof zh>;
