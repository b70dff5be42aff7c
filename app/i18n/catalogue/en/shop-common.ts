import type { shopCommonCatalogue as zh } from "../shop-common.ts";
import type { Mirror } from "./mirror.ts";

export const shopCommonCatalogue = {
  "cart.browse": "Start shopping",
  "cart.separator": ", ",
  "order.line": "{name} × {quantity}",
  "order.awaitingConfirmation":
    "We've got your {method} payment notice and the shop is confirming it. The shop will confirm the payment by {date}; if it isn't confirmed by then, the order is cancelled automatically and its items and dDollar are returned.",
  "payment.method.payme": "PayMe",
  "payment.method.fps": "FPS",
  "order.day": "{weekday} {day} {month} {year}",
} satisfies Mirror<typeof zh>;
