import type { I18n } from "~/i18n/use-i18n.ts";

/** `<title>` as "page | 齊齊買" ("page | Gather") and the description, for a content page's `meta`. */
export function pageMeta({ t }: Pick<I18n, "t">, title: string, description: string) {
  const fullTitle = `${title} | ${t("shop.name")}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
  ];
}
