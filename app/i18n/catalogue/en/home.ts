import type { home as zh } from "../home.ts";
import type { Mirror } from "./mirror.ts";

export const home = {
  "home.heading": "Gather: Hong Kong community group buying, picked up in your neighbourhood",
  "home.carousel.label": "Featured",
  "home.carousel.slide": "{index} of {total}",
  "home.carousel.previous": "Previous slide",
  "home.carousel.next": "Next slide",
  "home.carousel.goTo": "Show slide {index}: {title}",
  "home.carousel.pause": "Pause autoplay",
  "home.carousel.play": "Start autoplay",
  "home.carousel.cta": "Find out more",
  "home.popup.cta": "Take a look",
  "home.popup.later": "Maybe later",
  "home.categories.title": "Shop by category",
  "home.shortcuts.title": "How group buying works",
  "home.shortcut.guide": "The three ways to buy, and what you pay",
  "home.shortcut.referral": "When a friend first shops, you each get {percent} of their order",
  "home.shortcut.location": "Choose the pickup point nearest you",
  "home.shortcut.qa": "Paying, pickup and refunds",
  "home.merchants.title": "Partner shops",
  "home.merchants.intro":
    "Long-standing neighbourhood shops: pick up at a partner shop and delivery is free.",
  "home.merchants.freeDelivery": "Free delivery for pickup",
  "home.brands.title": "Featured brands",
  "home.brands.meat": "Meat",
} satisfies Mirror<typeof zh>;
