/**
 * What an order was paid with (issue 47 item 2): the money charged to the card or by PayMe/FPS and
 * the dDollar used, always as two named amounts, the same on every page, SMS and email.
 */
export const paidCatalogue = {
  "paid.method.card": "信用卡",
  "paid.method.sandbox": "信用卡（示範）",
  "paid.method.payme": "PayMe",
  "paid.method.fps": "轉數快 FPS",
  "paid.method.dDollar": "dDollar",
  "paid.amount": "{method} {amount}",
  "paid.separator": " · ",
  "paid.summary": "已付：{amounts}",
} as const;
