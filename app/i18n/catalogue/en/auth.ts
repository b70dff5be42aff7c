import type { auth as zh } from "../auth.ts";
import type { Mirror } from "./mirror.ts";

export const auth = {
  "error.crossSite": "Requests from other websites are not accepted",
  "error.forbidden.title": "No access",
  "error.forbidden.body":
    "This page is for admins only. If you're an admin, please sign in with your admin account.",
  "auth.logout": "Sign out",
  "account.balance": "dDollar balance",
  "account.orders": "My orders",
  "account.profile": "My details",
  "account.dollar": "My dDollar",
  "account.referral": "Refer friends",
  "account.backOffice": "Back office",
  "account.pickupConsole": "Pickup desk",
  "account.menu": "Account menu",
  "referral.copyFailed": "Couldn't copy. Press and hold the link to copy it yourself",
} satisfies Mirror<typeof zh>;
