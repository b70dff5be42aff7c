import type { welcome as zh } from "../welcome.ts";
import type { Mirror } from "./mirror.ts";

export const welcome = {
  "welcome.title": "Registered",
  "welcome.description": "Welcome to Gather! Start your first community group buy.",
  "welcome.headline": "Welcome to Gather!",
  "welcome.lead": "Your account is ready. A few steps to your first group buy:",
  "welcome.next.shop.title": "Start shopping",
  "welcome.next.shop.body": "Browse this round's group buys, and order before the cut-off.",
  "welcome.next.guide.title": "How group buying works",
  "welcome.next.guide.body": "Three minutes on group prices, dDollar and picking up your order.",
  "welcome.next.referral.title": "Refer friends",
  "welcome.next.referral.body": "When a friend makes their first purchase, you both get dDollar.",
  "welcome.tip": "Tip: before checking out, look up the pickup points and choose the one nearest to you.",
  "welcome.tipLink": "See pickup points",
} satisfies Mirror<typeof zh>;
