import { hkDayFigures, hkInstantFigures } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { formatMessage, type Message, type Params } from "./format.ts";
import type { SentKey } from "./keys.ts";
import { groupsOf, hasMessages, messagesIn } from "./load-messages.ts";
import { type Locale, localeOfPath, localePath } from "./locale.ts";

/** A match as `useMatches` and `meta` give it: the page's language is its address's. */
interface MatchLike {
  pathname: string;
  handle?: unknown;
}

export interface I18n {
  locale: Locale;
  t(key: SentKey, params?: Params): string;
  /**
   * The `lang` of shop content that has no English at all (an order line's name as it was placed,
   * the shop's name) on an English page: zh-HK; undefined on a zh-HK page. Content that may have
   * English (categories, merchants, pickup points…) carries its own `<field>Lang` (decision 0055).
   */
  contentLang: "zh-HK" | undefined;
  /** A storefront address ("/all?x=1") in the page's language ("/en/all?x=1"). */
  to(path: string): string;
  /** "$1,234.50", "HK$1,234.50". */
  money(cents: number): string;
  /** A product's price unit in words: 磅 → "lb". */
  unit(unit: string): string;
  /** A quantity of a unit: "2.5 磅", "2.5 lb", "3 pcs". */
  quantity(count: number, unit: string): string;
  /** A Hong Kong calendar day: "12月25日（星期四）", "Thu 25 Dec". */
  day(day: string): string;
  /** A cut-off: "12月25日（星期四）20:00", "Thu 25 Dec, 20:00". */
  cutoff(instant: Date): string;
  /** "2022年10月17日 05:00", "Mon 17 Oct 2022, 05:00". */
  dateTime(instant: Date): string;
}

const unitKeys: Record<string, "lb" | "catty" | "pc" | "kg"> = { 磅: "lb", 斤: "catty", 件: "pc", kg: "kg" };

type DayFigures = ReturnType<typeof hkDayFigures>;

/** A day's figures for the date messages, its weekday and month in words ("Thu", "Dec"; 「四」, 「12」). */
function dayWords(t: I18n["t"], figures: DayFigures) {
  return {
    weekday: t(`date.weekday.${figures.weekday}` as SentKey),
    day: figures.day,
    month: t(`date.month.${figures.month}` as SentKey),
    year: figures.year,
  };
}

const made = new WeakMap<readonly (MatchLike | undefined)[], I18n>();

export function localeOf(matches: readonly (MatchLike | undefined)[]): Locale {
  return localeOfPath(matches.at(-1)?.pathname ?? "/");
}

/** The words of the page these routes match, in the language of its address. */
export function i18nOf(matches: readonly (MatchLike | undefined)[]): I18n {
  const known = made.get(matches);
  if (known) return known;
  const locale = localeOf(matches);
  // The page's groups only (and, on the server, its notices: SMS, emails, toasts it words itself).
  const messages: Record<string, Message> = messagesIn(locale, [...groupsOf(matches), "notices"]);
  const t = (key: SentKey, params?: Params): string => {
    const message = messages[key];
    // A key of no catalogue: shown as itself, and tests look for such keys in pages.
    return message === undefined ? key : formatMessage(message, params, locale);
  };
  const date = (figures: DayFigures) => t("date.day", dayWords(t, figures));
  const unitKey = (unit: string) => unitKeys[unit];
  const i18n: I18n = {
    locale,
    t,
    contentLang: locale === "en" ? "zh-HK" : undefined,
    to: (path) => localePath(locale, path),
    money: (cents) => {
      const text = formatCents(Math.abs(cents));
      return `${cents < 0 ? "-" : ""}${t("money.symbol")}${text.slice(1)}`;
    },
    unit: (unit) => {
      const key = unitKey(unit);
      return key ? t(`unit.${key}`) : unit;
    },
    quantity: (count, unit) => {
      const key = unitKey(unit);
      return key ? t(`unit.count.${key}`, { count }) : `${count} ${unit}`;
    },
    day: (day) => date(hkDayFigures(day)),
    cutoff: (instant) => {
      const figures = hkInstantFigures(instant);
      return t("date.cutoff", { date: date(figures), time: figures.time });
    },
    dateTime: (instant) => {
      const figures = hkInstantFigures(instant);
      return t("date.dateTime", { ...dayWords(t, figures), time: figures.time });
    },
  };
  // Kept once the page's groups are here (before, `meta` may ask while they load).
  if (hasMessages(locale, groupsOf(matches))) made.set(matches, i18n);
  return i18n;
}

/**
 * The shop's name in a member's SMS and emails: the name the shop set in its settings (zh-HK), or
 * its English name in English (issue 48), as the English pages name it.
 */
export function shopNameIn(i18n: I18n, configured: string): string {
  return i18n.locale === "en" ? i18n.t("shop.name") : configured;
}

/**
 * A Hong Kong calendar day with its year: 「2030年1月3日（星期四）」, "Thu 3 Jan 2030" (a pickup day
 * on an order and in its notices). Its words are the `shop` group's (`order.day`).
 */
export function dayWithYear({ t }: I18n, day: string): string {
  return t("order.day", dayWords(t, hkDayFigures(day)));
}
