/**
 * Shop content in the language of a page (issue 48 item 2, decision 0055). The back office writes
 * each text in Chinese and, optionally, in English beside it (`name` and `nameEn`). On an English
 * page a text with English shows it; one without shows its Chinese and says so (`nameLang:
 * "zh-HK"`), so the element printing it carries `lang={category.nameLang}`. A zh-HK page gets the
 * Chinese as always. Either way the English field itself is not sent on.
 */

/** The `lang` of a text shown in a language other than the page's: only Chinese on English pages. */
export type ContentLang = "zh-HK";

type English<Field extends string> = `${Field}En`;

/** `item` with each field's English dropped and its `<field>Lang` added where the Chinese stands in. */
export type InLanguage<Item, Field extends string> = Omit<Item, English<Field>> & {
  [Name in Field as `${Name}Lang`]?: ContentLang;
};

/** Blank English (unset, or spaces only) counts as missing. */
function englishOf(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * `item`'s `fields` in the page's language: `inLanguage(category, ["name", "description"], english)`.
 * A Chinese text left empty (no description) needs no mark.
 */
export function inLanguage<
  Field extends string,
  Item extends { [Name in Field]: string | null } & { [Name in English<Field>]?: string | null },
>(item: Item, fields: readonly Field[], english: boolean): InLanguage<Item, Field> {
  const shown: Record<string, unknown> = { ...item };
  for (const field of fields) {
    const englishText = englishOf(shown[`${field}En`]);
    delete shown[`${field}En`];
    if (!english) continue;
    if (englishText) shown[field] = englishText;
    else if (shown[field]) shown[`${field}Lang`] = "zh-HK";
  }
  return shown as InLanguage<Item, Field>;
}

/** Every item of a list in the page's language. */
export function allInLanguage<
  Field extends string,
  Item extends { [Name in Field]: string | null } & { [Name in English<Field>]?: string | null },
>(items: readonly Item[], fields: readonly Field[], english: boolean): InLanguage<Item, Field>[] {
  return items.map((item) => inLanguage(item, fields, english));
}

const han = /\p{Script=Han}/u;

/**
 * The `lang` of text a person typed (a member's name): zh-HK where it is written in Chinese on an
 * English page (`contentLang` is the page's, `I18n.contentLang`), else none.
 */
export function typedTextLang(text: string, contentLang: ContentLang | undefined): ContentLang | undefined {
  return contentLang && han.test(text) ? contentLang : undefined;
}
