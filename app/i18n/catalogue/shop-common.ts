/** Words more than one of the shop's pages show (cart, checkout, orders, payment), shipped with the `shop` message group. */
export const shopCommonCatalogue = {
  "cart.browse": "去逛逛",
  // Between the names of products in one sentence (sold out, over the limit).
  "cart.separator": "、",
  "order.line": "{name} × {quantity}",
  "order.awaitingConfirmation":
    "已收到你的 {method} 付款通知，正等待商店確認。商店會於 {date} 前確認付款；屆時仍未確認，訂單會自動取消，貨品及 dDollar 會退回。",
  "payment.method.payme": "PayMe",
  "payment.method.fps": "FPS",
  // A pickup day with its year, for the pickup dates of checkout and the orders.
  "order.day": "{year}年{month}月{day}日（星期{weekday}）",
} as const;
