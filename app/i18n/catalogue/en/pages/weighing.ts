import type { weighingText as zh } from "../../pages/weighing.ts";
import type { Mirror } from "../mirror.ts";

export const weighingText = {
  "page.example": "Example: {product}",
  "weighing.unitPrice": "Group price per lb",
  "weighing.estimate": "Estimated weight",
  "weighing.charged": "Paid at checkout",
  "weighing.actual": "Actual weight",
  "weighing.final": "Price on the actual weight",
  "weighing.outcome": "Lighter than estimated: the difference of {refund} comes back as dDollar.",
} satisfies Mirror<typeof zh>;
