import { type MessageKey, t } from "~/i18n/admin.ts";

/** <title> and robots for a back office page: never indexed, named "頁名 | 管理後台 | 齊齊買". */
export function adminMeta(title: MessageKey) {
  return [
    { title: `${t(title)} | ${t("admin.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/**
 * The meta function of a record page (`/admin/<thing>/new`, `/admin/<thing>/:id`): its `title`
 * when the address names a record, `newTitle` on `…/new`.
 */
export function recordMeta(title: MessageKey, newTitle: MessageKey) {
  return ({ params }: { params: { id?: string } }) => adminMeta(params.id ? title : newTitle);
}
