import type { locationPage as zh } from "../location.ts";
import type { Mirror } from "./mirror.ts";

export const locationPage = {
  "page.location.title": "Pickup points | Gather",
  "page.location.description":
    "Gather's pickup points across Hong Kong Island, Kowloon, the New Territories and the outlying islands, with addresses, pickup hours and delivery charges. Delivery is free to partner shops' pickup points.",
  "location.heading": "Pickup points",
  "location.intro":
    "After the cut-off we deliver everyone's orders to the pickup points together, and send you an SMS when your order is ready. Show your order's pickup code or QR code when you collect it.",
  "location.rules.charge":
    "Each member pays the delivery charge only once per round: more orders in the same round aren't charged again.",
  "location.rules.free": "Delivery to partner shops' pickup points is free: no delivery charge.",
  "location.rules.share":
    "At pickup points marked “shared delivery”, the total delivery cost is split between the members collecting there in the same round: the more people, the less each pays, and anything you paid over your share comes back as dDollar.",
  "location.areas": "Browse by area",
  "location.pointCount": { by: "count", one: "# pickup point", other: "# pickup points" },
  "location.hours": "Pickup hours",
  "location.address": "Address",
  "location.charge": "Delivery charge",
  "location.chargePerMember": "{amount} (per member, per round)",
  "location.free": "Free delivery",
  "location.freeAt": "{merchant} partner pickup point",
  "location.hostedBy": "Partner shop: {merchant}",
  "location.runFee":
    "Shared delivery: this point's total delivery cost each round is {amount}, split between the members collecting here; anything paid over your share comes back as dDollar.",
  "location.map": "View on map",
  "location.mapLabel": "View {name} on Google Maps (opens in a new window)",
  "location.empty": "No pickup points are open just now. Please check back later, or ask us on WhatsApp.",
} satisfies Mirror<typeof zh>;
