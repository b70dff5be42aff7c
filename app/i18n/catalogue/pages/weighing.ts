/** Worked examples on /guide and the whole-cut pages: the title, and the rows of a weight-priced one (DESIGN §4.9). */
export const weighingText = {
  "page.example": "例子：{product}",
  "weighing.unitPrice": "每磅成團價",
  "weighing.estimate": "估計重量",
  "weighing.charged": "結帳時支付",
  "weighing.actual": "實際重量",
  "weighing.final": "按實際重量計算",
  "weighing.outcome": "比估計輕，差額 {refund} 以 dDollar 退回。",
} as const;
