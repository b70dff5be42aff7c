/**
 * The shop's two languages (issue 48, decision 0054): zh-HK at the root of every address, English
 * at the same address under /en. A visitor's choice is kept in the `gather_lang` cookie.
 */
import type { locales } from "~/domain/shared/locales.ts";

export type Locale = (typeof locales)[number];

export const LANG_COOKIE = "gather_lang";
/** `?lang=en` on a language switch's link: the server keeps the choice, then drops the parameter. */
export const LANG_PARAM = "lang";

const EN = /^\/en(?=\/|$)/;

export function isLocale(value: unknown): value is Locale {
  return value === "zh-HK" || value === "en";
}

export function localeOfPath(pathname: string): Locale {
  return EN.test(pathname) ? "en" : "zh-HK";
}

/** The address without its language: "/en/all" → "/all", "/en" → "/". */
export function basePath(pathname: string): string {
  return pathname.replace(EN, "") || "/";
}

/** A zh-HK address ("/all?x=1") in `locale`: "/en/all?x=1"; "/" → "/en". */
export function localePath(locale: Locale, path: string): string {
  if (locale === "zh-HK" || !path.startsWith("/") || EN.test(path)) return path;
  if (path === "/") return "/en";
  return path.startsWith("/?") || path.startsWith("/#") ? `/en${path.slice(1)}` : `/en${path}`;
}

/** The same page and query in the other language, marked as the visitor's choice. */
export function switchHref(pathname: string, search: string): string {
  const target: Locale = localeOfPath(pathname) === "en" ? "zh-HK" : "en";
  const params = new URLSearchParams(search);
  params.delete(LANG_PARAM);
  params.set(LANG_PARAM, target);
  return `${localePath(target, basePath(pathname))}?${params}`;
}
