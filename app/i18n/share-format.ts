import type { ShareFormat, ShareWords } from "~/domain/catalogue/share.ts";
import type { I18n } from "./i18n.ts";

const shareKeys = [
  "share.price",
  "share.pricePerUnit",
  "share.progress",
  "share.progressFirst",
  "share.progressMet",
  "share.cutoff",
] as const satisfies (keyof ShareWords)[];

/**
 * A shared deal's words and formats in a page's or a link's language (issue 48 item 4): the
 * drawer's WhatsApp text, the meta tags' preview and the server's share picture all take it.
 */
export function shareFormatOf(i18n: I18n): ShareFormat {
  // `t` without values gives a template as written, its {placeholders} kept for shareLines.
  const words = Object.fromEntries(shareKeys.map((key) => [key, i18n.t(key)])) as Record<
    keyof ShareWords,
    string
  >;
  return { words, money: i18n.money, unit: i18n.unit, cutoff: i18n.cutoff };
}
