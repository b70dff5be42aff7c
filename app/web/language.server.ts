import { redirect } from "react-router";
import { isLocale, LANG_COOKIE, LANG_PARAM, type Locale, localeOfPath } from "~/i18n/locale.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieLocale(request: Request): Locale | null {
  const cookie = request.headers.get("cookie") ?? "";
  const value = cookie.match(new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`))?.[1];
  return isLocale(value) ? value : null;
}

/** The `gather_lang` cookie keeping `locale` for a year (set by the switch and at sign-in). */
export function langCookie(locale: Locale, url: URL): string {
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The language chosen with the header's switch on this request (`?lang=`), or null. */
export function switchedLanguage(request: Request): Locale | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const chosen = url.searchParams.get(LANG_PARAM);
  return isLocale(chosen) && localeOfPath(url.pathname) === chosen ? chosen : null;
}

/**
 * The visitor's language (issue 48 item 1, decision 0054), kept in the `gather_lang` cookie:
 * - the header's switch links to the page in the other language with `?lang=`: the choice is kept
 *   and the visitor sent on to the same address without it;
 * - the home page `/` sends a visitor who chose English to `/en`. Any other zh-HK address is shown
 *   as asked (a shared link stays what it was); a visitor without the cookie stays in zh-HK.
 * A signed-in member's choice is also kept in their profile (the root loader, `switchedLanguage`).
 * A redirect to throw from the root loader, or null for the page as asked.
 */
export function languageRedirect(request: Request): Response | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const chosen = switchedLanguage(request);
  if (chosen) {
    url.searchParams.delete(LANG_PARAM);
    return redirect(`${url.pathname}${url.search}`, {
      headers: { "set-cookie": langCookie(chosen, url), vary: "cookie" },
    });
  }
  if (url.pathname === "/" && cookieLocale(request) === "en") {
    return redirect(`/en${url.search}`, { headers: { vary: "cookie" } });
  }
  return null;
}
