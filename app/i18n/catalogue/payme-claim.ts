/**
 * A PayMe or FPS claim that the shop did not confirm in time (decision 0025): what the member is texted
 * and what the order's history says. Server-side words only: no page ships them.
 */
export const paymeClaimCatalogue = {
  "paymeClaim.expired.sms":
    "【齊齊買】你的訂單 {number} 的 {method} 付款未能於 {deadline} 前獲確認，訂單已自動取消，預留的貨品及已用的 dDollar 已退回。如你已經付款，請聯絡我們，款項會存入你的 dDollar。",
  "paymeClaim.expired.note": "{method} 付款未於確認限期前獲確認",
  "paymeClaim.method.payme": "PayMe",
  "paymeClaim.method.fps": "FPS",
  "paymeClaim.unpaid.note": "30 分鐘內未付款",
} as const;
