/** The SMS of dDollar credited outside settlement (issue 47 item 4), server only. */
export const creditNoticeCatalogue = {
  "creditNotice.weight.sms":
    "【齊齊買】訂單 {orders} 的貨品已按實際重量秤重，{amount} dDollar 已存入你的帳戶。詳情請到「我的 dDollar」查看。",
  "creditNotice.missing.sms":
    "【齊齊買】你的訂單 {orders} 已取貨，但以下貨品缺少：{detail}。{amount} 已即時退回你的 dDollar（缺貨退款）。",
  "creditNotice.adjustment.sms":
    "【齊齊買】客戶服務已把 {amount} dDollar 存入你的帳戶。詳情請到「我的 dDollar」查看。",
  "creditNotice.refund.sms":
    "【齊齊買】訂單 {orders} 的 {amount} 將退回{detail}。信用卡退款一般需 5–10 個工作天入帳。",
  "creditNotice.refund.card": "你付款的信用卡",
  "creditNotice.refund.payme": "你的 PayMe（由店舖轉帳）",
  "creditNotice.refund.fps": "你的轉數快帳戶（由店舖轉帳）",
  "creditNotice.missing.detail": "{lines}（原因：{reason}）",
  // A missing line priced by weight: its pieces and their weight, as the pickup desk shows it.
  "creditNotice.missing.weighed": "{pieces}（{weight}）",
  "creditNotice.missing.estimated": "{pieces}（約 {weight}）",
  "creditNotice.orderSeparator": "、",
} as const;
