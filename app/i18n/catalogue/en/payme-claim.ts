import type { paymeClaimCatalogue as zh } from "../payme-claim.ts";
import type { Mirror } from "./mirror.ts";

/** A PayMe or FPS claim not confirmed in time, told to a member who reads English (issue 48). */
export const paymeClaimCatalogue = {
  "paymeClaim.expired.sms":
    "[Gather] Your {method} payment for order {number} could not be confirmed before {deadline}, so the order was cancelled; the goods held and any dDollar used are released. If you did pay, please contact us and the money will go into your dDollar.",
  "paymeClaim.expired.note": "{method} payment not confirmed before its deadline",
  "paymeClaim.method.payme": "PayMe",
  "paymeClaim.method.fps": "FPS",
  "paymeClaim.unpaid.note": "Not paid within 30 minutes",
} satisfies Mirror<typeof zh>;
