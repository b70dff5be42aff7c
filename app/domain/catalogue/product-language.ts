import { type ContentLang, inLanguage } from "../shared/content-language.ts";
import type { ProductCardView, ProductDetailsView, ProductView } from "./catalogue.ts";

interface Named {
  name: string;
  nameEn?: string;
  nameLang?: ContentLang;
}

/**
 * A product as a page in one language shows it (issue 48 item 2, decision 0055): on an English
 * page its name, its description and the names of its brand, merchant and categories in English,
 * or where one has none yet the Chinese marked `<field>Lang: "zh-HK"`; on a zh-HK page the card as
 * it always was. The English texts themselves are not sent on. A cart line's product has only
 * some of these; the rest are left as they are.
 */
export function productInLanguage<
  Card extends Pick<ProductCardView, "name" | "nameEn" | "nameLang"> &
    Partial<
      Pick<ProductView, "brand" | "merchant" | "category" | "subcategory" | "description" | "descriptionEn">
    >,
>(card: Card, english: boolean): Omit<Card, "nameEn" | "descriptionEn"> {
  const named = <Item extends Named | null | undefined>(item: Item): Item =>
    item ? (inLanguage(item, ["name"], english) as Item) : item;
  const shown = { ...card };
  if (card.brand) shown.brand = named(card.brand);
  if (card.merchant) shown.merchant = named(card.merchant);
  if (card.category) shown.category = named(card.category);
  if (card.subcategory) shown.subcategory = named(card.subcategory);
  // A card has no description (the drawer fetches it): only the full view is given one.
  return inLanguage(shown as typeof shown & { description: string }, ["name", "description"], english);
}

/**
 * What `/api/product/:id` sends the drawer: on an English page the description in English (or the
 * Chinese, marked); on a zh-HK page the Chinese, with the English name the drawer shows under it.
 */
export function productDetailsInLanguage(
  details: ProductDetailsView,
  english: boolean,
): Omit<ProductDetailsView, "descriptionEn"> {
  const shown = inLanguage(details, ["description"], english);
  if (!english) return shown;
  const { nameEn: _shownAlready, ...rest } = shown;
  return rest;
}
