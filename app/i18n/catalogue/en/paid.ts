import type { paidCatalogue as zh } from "../paid.ts";
import type { Mirror } from "./mirror.ts";

export const paidCatalogue = {
  "paid.method.card": "Card",
  "paid.method.sandbox": "Card (demo)",
  "paid.method.payme": "PayMe",
  "paid.method.fps": "FPS",
  "paid.method.dDollar": "dDollar",
  "paid.amount": "{method} {amount}",
  "paid.separator": " · ",
  "paid.summary": "Paid: {amounts}",
} satisfies Mirror<typeof zh>;
