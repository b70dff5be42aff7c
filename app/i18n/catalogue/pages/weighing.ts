/** The rows of a weight-priced worked example, on /guide and the whole-cut pages (DESIGN §4.9). */
export const weighingText = {
  unitPrice: "每磅成團價",
  estimate: "估計重量",
  charged: "結帳時支付",
  actual: "實際重量",
  final: "按實際重量計算",
  pounds: "{weight} 磅",
  outcome: "比估計輕，差額 {refund} 以 dDollar 退回。",
} as const;
