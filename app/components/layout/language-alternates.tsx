import { useLocation } from "react-router";
import { basePath, localePath } from "~/i18n/locale.ts";

/**
 * `hreflang` alternates of a storefront page (issue 48 item 1): the same address and query in
 * zh-HK, in English, and zh-HK as the default. React puts the links in <head>.
 */
export function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const path = `${basePath(pathname)}${search}`;
  return (
    <>
      <link rel="alternate" hrefLang="zh-HK" href={`${origin}${path}`} />
      <link rel="alternate" hrefLang="en" href={`${origin}${localePath("en", path)}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${path}`} />
    </>
  );
}
