/**
 * Words of product cards and the home page's product rows (issue 4), shipped only with pages that
 * show products, through `~/i18n/products.ts`. Listing pages add `listings.ts`; the drawer, loaded
 * on demand, adds `product-drawer.ts`.
 */
export const productCatalogue = {
  "product.addToCart": "加入購物車",
  "product.soldOut": "已售罄",
  "product.toBuy": "後即可購買",
  "product.discount": "平 {percent}%",
  "product.discountLong": "比市價平 {percent}%",
  "product.perUnit": "／{unit}",
  "product.weightNote": "約 {weight} {unit}，按實際重量退回差額",
  "product.estimatedPiece": "每件約 {amount}（以估計重量計）",
  "product.progress": "已有 {buyers} 人參團 / 目標 {target} 人",
  "product.progressMet": "已成團",
  "product.progressMissing": "尚差 {missing} 人成團",
  "product.cutoff": "截單",
  "product.stockLeft": "尚餘 {stock} 件",
  "product.stockLimited": "限量 {stock} 件",
  "product.age": "18+",
  "product.ageNote": "酒類產品：只售予年滿 18 歲人士，結帳時須確認。",
  "product.brand": "品牌",
  "product.merchant": "商戶",
  // After a label ("品牌：").
  "product.label": "：",
  "product.open": "查看詳情：{name}",
  "home.hot.title": "熱門團購",
  "home.closing.title": "即將截單",
  "home.instock.title": "現貨",
  "home.viewAll": "查看全部",
} as const;
