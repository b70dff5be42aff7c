import { lineQuantityCatalogue } from "./catalogue/pickup-console.ts";
import { createTranslator } from "./translator.ts";

const { t } = createTranslator(lineQuantityCatalogue);

export interface QuantityLine {
  quantity: number;
  unit: string;
  defaultWeight: number;
  actualWeight: number | null;
}

/**
 * What staff hand over for a line: 「2 件」, or for a weight-priced line its pieces and weight,
 * 「1 件（2.6 磅）」 once weighed and 「1 件（約 2.5 磅）」 before (the unit is the price's, not a count).
 */
export function pickupQuantity(line: QuantityLine): string {
  if (line.unit === "件") return t("pickup.quantity.pieces", { quantity: line.quantity, unit: line.unit });
  if (line.actualWeight !== null)
    return t("pickup.quantity.weighed", {
      quantity: line.quantity,
      weight: line.actualWeight,
      unit: line.unit,
    });
  const estimated = Math.round(line.quantity * line.defaultWeight * 1000) / 1000;
  return t("pickup.quantity.estimated", { quantity: line.quantity, weight: estimated, unit: line.unit });
}
