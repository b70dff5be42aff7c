import type { Locale } from "./locale.ts";

/**
 * The words of the page shown when the shop's root itself fails, before any loader could send a
 * catalogue (decision 0054): the only text sent in both languages, a few dozen bytes. A unit test
 * keeps them equal to the catalogues' own.
 */
export const rootErrorWords: Record<
  Locale,
  Record<
    | "shop.name"
    | "error.notFound.title"
    | "error.notFound.body"
    | "error.notFound.home"
    | "error.server.title"
    | "error.server.body",
    string
  >
> = {
  "zh-HK": {
    "shop.name": "齊齊買",
    "error.notFound.title": "找不到此頁",
    "error.notFound.body": "你要找的頁面不存在或已經移除。",
    "error.notFound.home": "返回主頁",
    "error.server.title": "系統出錯",
    "error.server.body": "頁面暫時未能顯示，請稍後再試。如問題持續，請以 WhatsApp 聯絡我們。",
  },
  en: {
    "shop.name": "Gather",
    "error.notFound.title": "Page not found",
    "error.notFound.body": "The page you're looking for doesn't exist or has been removed.",
    "error.notFound.home": "Back to home",
    "error.server.title": "Something went wrong",
    "error.server.body":
      "This page can't be shown right now. Please try again later, or WhatsApp us if it keeps happening.",
  },
};
