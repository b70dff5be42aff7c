import type { aboutText as zh } from "../../pages/about.ts";
import type { Mirror } from "../mirror.ts";

export const aboutText = {
  "about.eyebrow": "Community group buying in Hong Kong",
  "about.lead":
    "Gather pools the orders of neighbours in the same district, buys from suppliers in bulk in one go, cuts out the layers of middlemen's costs, and delivers to a community pickup point near your home.",
  "about.who.title": "Who we are",
  "about.who.1":
    "Gather is a home-grown Hong Kong group-buying platform. We believe a family can eat well without spending a lot: as long as people are happy to buy together, they can get retail-sized portions at wholesale prices.",
  "about.who.2":
    "Every week we put out a selection of products, and members join the group buys before the cut-off. If enough people have joined by the cut-off, everyone buys at the group price. We order direct from farms, importers and local shops, deliver to pickup points across Hong Kong, and members collect their orders whenever suits them.",
  "about.range.title": "What we sell",
  "about.range.lead": "From everyday dinners to festive feasts, you can get everything at Gather in one go:",
  "about.neighbours.title": "How buying together helps neighbours",
  "about.neighbours.price.title": "Better prices",
  "about.neighbours.price.body":
    "We pool orders and buy in bulk, so the group price is usually below the market price, with some products around 30% off. Once a group buy is reached, the difference between the regular price and the group price comes back to you automatically as dDollar.",
  "about.neighbours.pickup.title": "Pick up in your neighbourhood",
  "about.neighbours.pickup.body":
    "Orders are delivered together to a pickup point near your estate. Collect any time from Monday to Friday, 10:00–19:00 (except public holidays), with no waiting at home for a delivery.",
  "about.neighbours.local.title": "Supporting local shops",
  "about.neighbours.local.body":
    "Many pickup points are small shops in the district, so neighbours can shop there while they collect. Delivery to partner shops' pickup points is free.",
  "about.neighbours.waste.title": "Less waste",
  "about.neighbours.waste.body":
    "We order from suppliers only what has actually been ordered and deliver it in one van to each pickup point, with less left over, less packaging and less transport.",
  "about.promise.title": "Our promise",
  "about.promise.1":
    "Clear prices: the regular price, the group price and the market price side by side, and at checkout we show exactly what you pay and why.",
  "about.promise.2":
    "Overpaid means refunded: group price differences, weight differences and anything left over from shared delivery all come back as dDollar.",
  "about.promise.3":
    "Kept cold all the way: chilled and frozen products travel in a cold chain and go into the fridge or freezer at the pickup point.",
  "about.promise.4":
    "Someone to talk to: our customer service answers on WhatsApp, Monday to Friday, 10:00–19:00.",
  "about.cta.title": "Ready to buy together with your neighbours?",
  "about.cta.guide": "Read the group-buying guide",
  "about.cta.location": "See pickup points",
  "about.cta.cooperation": "Become a supplier",
} satisfies Mirror<typeof zh>;
