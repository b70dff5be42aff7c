import { inLanguage } from "~/domain/shared/content-language.ts";
import { lineQuantityCatalogue } from "./catalogue/pickup-console.ts";
import type { I18n } from "./i18n.ts";
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
  return t("pickup.quantity.estimated", {
    quantity: line.quantity,
    weight: estimatedWeight(line),
    unit: line.unit,
  });
}

const estimatedWeight = (line: QuantityLine) => Math.round(line.quantity * line.defaultWeight * 1000) / 1000;

/**
 * Missing lines in a member's language, for their credit notice (issue 48): 「豬扒 1 件（約 2.5 磅）」,
 * "Pork chop 1 pc (about 2.5 lb), 雞翼 2 pcs". The names are the order's, as it was placed: in
 * English where the product had an English name, else in Chinese.
 */
export function missingLinesIn(
  words: I18n,
  lines: readonly (QuantityLine & { name: string; nameEn?: string })[],
): string {
  const name = (line: { name: string; nameEn?: string }) =>
    inLanguage(line, ["name"], words.locale === "en").name;
  const quantity = (line: QuantityLine) => {
    const pieces = words.quantity(line.quantity, "件");
    if (line.unit === "件") return pieces;
    const weighed = line.actualWeight !== null;
    const weight = words.quantity(line.actualWeight ?? estimatedWeight(line), line.unit);
    return words.t(weighed ? "creditNotice.missing.weighed" : "creditNotice.missing.estimated", {
      pieces,
      weight,
    });
  };
  return lines.map((line) => `${name(line)} ${quantity(line)}`).join(words.t("creditNotice.orderSeparator"));
}
