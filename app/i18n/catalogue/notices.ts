/** What the shop tells a member about their order by SMS and email (issue 27), in zh-HK. */
export const noticesCatalogue = {
  "notice.placed.sms":
    "【{shop}】已收到訂單 {number}，應付 {amount}。請於 {deadline} 前以 {methods}付款，否則訂單會自動取消。{payAt}",
  "notice.placed.payAt": "付款：{url}",
  "notice.method.payme": "PayMe",
  "notice.method.fps": "轉數快 FPS",
  "notice.method.card": "信用卡",
  "notice.methods.last": "{methods}{space}或{last}",
  "notice.methods.separator": "、",
  "notice.kept.late":
    "【{shop}】訂單 {number} 已逾時或取消後，我們才收到你的付款 {amount}。款項已存入你的 dDollar，下次購物時自動扣除；如需退款請聯絡我們。",
  "notice.kept.duplicate":
    "【{shop}】訂單 {number} 已經付款，我們另外收到你的付款 {amount}。款項已存入你的 dDollar，下次購物時自動扣除；如需退款請聯絡我們。",
  "notice.kept.mismatch":
    "【{shop}】我們就訂單 {number} 收到的付款 {amount} 與訂單金額不符，款項已存入你的 dDollar，訂單仍未付款。如有疑問請聯絡我們。",
  "notice.placed.payAtAccount": "請登入網站，在「我的訂單」付款。",
  "notice.paid.sms":
    "【{shop}】訂單 {number} 已付款（{amount}）。請於 {from} 至 {to} 到 {point}（{address}）取貨，取貨碼 {code}。",
  "notice.placed.subject": "{shop}：已收到你的訂單 {number}",
  "notice.paid.subject": "{shop}：訂單 {number} 已付款，取貨資料",
  "notice.greeting": "{name} 你好：",
  "notice.placed.body":
    "我們已收到你的訂單 {number}。\n應付金額：{amount}\n付款方法：{methods}\n請於 {deadline} 前付款，否則訂單會自動取消，貨品會留給其他會員。\n{payAt}",
  "notice.paid.body":
    "訂單 {number} 已付款，多謝惠顧！\n已付款項：{amount}\n取貨點：{point}\n地址：{address}\n開放時間：{hours}\n取貨日期：{from} 至 {to}\n取貨碼：{code}\n取貨時請出示取貨碼或訂單的 QR 碼。",
  "notice.unpaidCancelled.sms":
    "【{shop}】訂單 {number} 於截單後仍未完成付款，已於結算時取消。如已付款，請以 WhatsApp 聯絡我們。",
  "notice.unpaidCancelled.smsRefund":
    "【{shop}】訂單 {number} 於截單後仍未完成付款，已於結算時取消，已用的 {amount} dDollar 已退回你的帳戶。如已付款，請以 WhatsApp 聯絡我們。",
  "notice.signInCode.sms": "【{shop}】你的驗證碼是 {code}，{minutes} 分鐘內有效。請勿把驗證碼告訴任何人。",
  "notice.pickupReady.sms":
    "【{shop}】你的訂單 {number} 已送抵自取點「{point}」（{address}），可以取貨。取貨碼：{code}。取貨時間：{hours}。",
  "email.campaign.reason": "你收到此電郵，是因為你同意接收{shopName}的推廣資訊。",
  "email.campaign.support": "如有查詢，請 WhatsApp {phone} 聯絡{shopName}客戶服務。",
  "email.campaign.unsubscribe": "取消訂閱推廣電郵",
  "email.campaign.unsubscribeLine": "取消訂閱推廣電郵：{url}",
  "reply.subject": "{shopName}：回覆你的查詢",
  "reply.greeting": "{name} 你好：",
  "reply.greetingAnonymous": "你好：",
  "reply.quote": "你於 {date} 的訊息：",
  "reply.support": "客服 WhatsApp：{phone}",
  "reply.note": "此電郵回覆你在{shopName}留下的訊息。如需再聯絡我們，請以 WhatsApp 找客服。",
  "reply.sms": "【{shopName}】回覆你的查詢：{reply}",
  "notice.footer": "有任何問題，請以 WhatsApp 聯絡我們：{phone}",
} as const;
