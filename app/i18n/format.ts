import type { Locale } from "./locale.ts";

/**
 * A message with plural forms (decision 0054): the CLDR categories of `Intl.PluralRules` for the
 * number in `params[by]`, and `=n` for an exact number. `#` stands for that number.
 * `{ by: "count", one: "# product", other: "# products" }`
 */
interface Plural {
  by: string;
  other: string;
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  [exact: `=${number}`]: string;
}
export type Message = string | Plural;
export type Params = Record<string, string | number>;

// One PluralRules per language, made on the first plural message (zh-HK pages never make one).
const rules = new Map<Locale, Intl.PluralRules>();
function pluralRules(locale: Locale): Intl.PluralRules {
  const known = rules.get(locale);
  if (known) return known;
  const made = new Intl.PluralRules(locale);
  rules.set(locale, made);
  return made;
}

function fill(text: string, params: Params | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

function pluralForm(message: Plural, params: Params | undefined, locale: Locale): string {
  const value = Number(params?.[message.by] ?? 0);
  const exact = message[`=${value}`];
  if (exact !== undefined) return exact;
  const category = pluralRules(locale).select(value) as Exclude<keyof Plural, "by" | `=${number}`>;
  // Without a format of its own a number shows as written: 2.5, 1,000 is for amounts only.
  return (message[category] ?? message.other).replace(/#/g, String(value));
}

/** `{name}` placeholders filled from `params`; a plural message first picks its form. */
export function formatMessage(message: Message, params: Params | undefined, locale: Locale): string {
  return fill(typeof message === "string" ? message : pluralForm(message, params, locale), params);
}
