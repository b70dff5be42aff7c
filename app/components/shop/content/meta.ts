import { t } from "~/i18n/pages.ts";

/** `<title>` as "page | 齊齊買" and the description, for a route's `meta` export. */
export function contentMeta(title: string, description: string) {
  const fullTitle = `${title} | ${t("shop.name")}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
  ];
}
