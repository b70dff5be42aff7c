/**
 * The shop frame's own words (side menu, footer, overlay, maintenance), shown only by components
 * that take their words from `useI18n` (decision 0054): not in the static `~/i18n` catalogue.
 */
export const shellFrame = {
  "menu.topLinks": "齊齊買",
  "menu.selectedShops": "精選專門店",
  "menu.setMeals": "套餐",
  "menu.wholeBeef": "原條牛肉",
  "menu.wholePork": "原條豬肉",
  "menu.importedFrozen": "進口急凍食品",
  "menu.meatBrands": "肉類品牌",
  "menu.partnerStores": "品牌合作商店",
  "menu.categories": "產品分類",
  "menu.allInCategory": "全部{name}",
  "menu.count": "{count} 件",
  "footer.rights": "© {year} 齊齊買 Gather。版權所有。",
  "footer.links": "網站連結",
  "footer.contact": "聯絡我們",
  "footer.hours": "客服時間：星期一至五 10:00–19:00（公眾假期除外）",
  "overlay.loading": "處理中，請稍候…",
  "maintenance.title": "網站維護中",
  "maintenance.body": "為了讓大家買得更好，齊齊買正進行系統升級。完成後會如期重新開放，多謝耐心等候！",
  "maintenance.countdown": "距離重新開放",
  "maintenance.reopenAt": "預計重開時間：{time}",
  "maintenance.reached": "維護時間已過，網站即將重新開放，請稍後再重新整理頁面。",
  "maintenance.blurbTitle": "社區團購，鄰里一齊慳",
  "maintenance.blurb":
    "齊齊買把同區街坊的訂單集合起來，向農場、漁港和進口商直接大批採購，湊夠人數就以成團價入貨，再送到你屋企附近的自取點。買得新鮮、買得抵，仲可以認識街坊。",
  "meta.defaultDescription":
    "齊齊買：香港社區團購平台。肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價，於社區自取點取貨。",
} as const;
