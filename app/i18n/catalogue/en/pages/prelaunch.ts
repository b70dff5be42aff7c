import type { prelaunchText as zh } from "../../pages/prelaunch.ts";
import type { Mirror } from "../mirror.ts";

export const prelaunchText = {
  "prelaunch.eyebrow": "Coming soon",
  "prelaunch.headline": "Gather opens soon",
  "prelaunch.lead":
    "A Hong Kong community group-buying platform: neighbours order together, get the group price once enough people join, and pick up at a community pickup point nearby. Register now and we'll send you an SMS as soon as we open.",
  "prelaunch.range.title": "What you can buy when we open",
  "prelaunch.why.title": "Why buy together",
  "prelaunch.why.price.title": "Better group prices",
  "prelaunch.why.price.body":
    "We pool neighbours' orders and buy in bulk, with some products around 30% below the market price.",
  "prelaunch.why.pickup.title": "Pick up in your neighbourhood",
  "prelaunch.why.pickup.body":
    "Collect from a pickup point nearby, Monday to Friday, 10:00–19:00 (except public holidays), with no waiting at home for a delivery.",
  "prelaunch.why.refund.title": "Overpaid means refunded",
  "prelaunch.why.refund.body":
    "Group price differences, weight differences and leftover delivery charges all come back as dDollar, taken off your next purchase automatically.",
  "prelaunch.join.title": "Be one of our first members",
  "prelaunch.join.body":
    "All you need to register is a Hong Kong mobile number. Bring your friends along too: after a friend's first purchase, you both get dDollar.",
  "prelaunch.join.register": "Register now",
  "prelaunch.join.guide": "Read the guide first",
} satisfies Mirror<typeof zh>;
