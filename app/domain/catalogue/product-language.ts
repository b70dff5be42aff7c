import type { ProductCardView } from "./catalogue.ts";

/**
 * A product as a page in one language shows it (issue 48 item 2): on an English page the English
 * name, or where a product has none yet the Chinese name marked `nameLang: "zh-HK"`; on a zh-HK
 * page the card as it always was. The English name itself is not sent on.
 */
export function productInLanguage<Card extends Pick<ProductCardView, "name" | "nameEn" | "nameLang">>(
  card: Card,
  english: boolean,
): Omit<Card, "nameEn"> {
  const { nameEn, ...rest } = card;
  if (!english) return rest;
  const name = nameEn?.trim();
  return name ? { ...rest, name } : { ...rest, nameLang: "zh-HK" };
}
