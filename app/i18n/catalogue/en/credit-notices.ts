import type { creditNoticeCatalogue as zh } from "../credit-notices.ts";
import type { Mirror } from "./mirror.ts";

/** The SMS of dDollar credited outside settlement, to a member who reads English (issue 48). */
export const creditNoticeCatalogue = {
  "creditNotice.weight.sms":
    "[Gather] The goods of order {orders} were weighed: {amount} dDollar is now in your account. See My dDollar for details.",
  "creditNotice.missing.sms":
    "[Gather] Your order {orders} was collected, but these goods were missing: {detail}. {amount} is back in your dDollar now (refund for missing goods).",
  "creditNotice.adjustment.sms":
    "[Gather] Customer service put {amount} dDollar into your account. See My dDollar for details.",
  "creditNotice.refund.sms":
    "[Gather] {amount} of order {orders} will be refunded to {detail}. Card refunds usually take 5–10 working days to arrive.",
  "creditNotice.refund.card": "the card you paid with",
  "creditNotice.refund.payme": "your PayMe (a transfer from the shop)",
  "creditNotice.refund.fps": "your FPS account (a transfer from the shop)",
  "creditNotice.missing.detail": "{lines} (reason: {reason})",
  "creditNotice.missing.weighed": "{pieces} ({weight})",
  "creditNotice.missing.estimated": "{pieces} (about {weight})",
  "creditNotice.orderSeparator": ", ",
} satisfies Mirror<typeof zh>;
