import { use, useMemo } from "react";
import { useMatches } from "react-router";
import { type I18n, i18nOf, localeOf } from "./i18n.ts";
import { groupsOf, hasMessages, loadMessages } from "./load-messages.ts";

export { type I18n, i18nOf } from "./i18n.ts";

/** The page's words for a component (decision 0054): `const { t } = useI18n(); t("nav.cart")`. */
export function useI18n(): I18n {
  const matches = useMatches();
  // A group of the page's not here yet in its language (the first render in a browser, a link to
  // the other language, a page of a group not shown before): React keeps what is on screen until
  // its chunk has come.
  const locale = localeOf(matches);
  const wanted = groupsOf(matches);
  if (!hasMessages(locale, wanted)) use(loadMessages(locale, wanted));
  return useMemo(() => i18nOf(matches), [matches]);
}
