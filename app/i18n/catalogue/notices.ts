/** What the shop tells a member about their order by SMS and email (issue 27). */
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
  "notice.smsBudget.subject": "【{shop}】今日{purpose}驗證碼短訊已用 {percent}%",
  "notice.smsBudget.body":
    "今日（{day}）已發送 {sent} 個{purpose}驗證碼短訊，每日預算為 {budget} 個（已用 {percent}%）。用過一半後，每次發送前瀏覽器須先完成一項自動驗證；預算用盡後驗證會較費時，但登入及註冊不會關閉。每個網絡每日最多用預算的 {networkPercent}%。如數字異常，請到管理後台查看。",
  "notice.smsBudget.purpose.login": "登入",
  "notice.smsBudget.purpose.register": "註冊",
  "notice.signInCode.sms": "【{shop}】你的驗證碼是 {code}，{minutes} 分鐘內有效。請勿把驗證碼告訴任何人。",
  "notice.pickupReady.sms":
    "【{shop}】你的訂單 {number} 已送抵自取點「{point}」（{address}），可以取貨。取貨碼：{code}。取貨時間：{hours}。",
  // ——— emails to the admins (issue 46 item 5) ———
  "notice.admin.settled.subject": "【{shop}】{cutoff} 截單的一期已結算",
  "notice.admin.settled.body":
    "{cutoff} 截單的一期已結算。\n已確認訂單：{orders}\n會員所付：{paid}\n結算回贈：{credited}（{members} 位會員）\n{reasons}\n淨額（未計缺貨退款及運費支出）：{net}\n結算報告：{url}",
  "notice.admin.settled.reason": "・{reason}：{amount}",
  "notice.admin.reason.group_refund": "成團回贈",
  "notice.admin.reason.limited_refund": "限量團退款",
  "notice.admin.reason.weight_refund": "過磅回贈",
  "notice.admin.reason.delivery_refund": "運費分攤回贈",
  "notice.admin.reason.referral_reward": "推薦獎賞",
  "notice.admin.kept.subject": "【{shop}】訂單 {number} 的付款已存作 dDollar",
  "notice.admin.kept.body":
    "訂單 {number} 收到一筆沒有支付到訂單的款項（{reason}），{amount} 已全數存入會員的 dDollar。\n付款方法：{method}\n參考編號：{reference}\n請到「款項覆核」查看：{url}",
  "notice.admin.kept.reason.late": "訂單逾時或取消後才收到",
  "notice.admin.kept.reason.duplicate": "訂單已付款後再次付款",
  "notice.admin.kept.reason.mismatch": "金額與訂單不符",
  "notice.admin.claims.subject": "【{shop}】今日有 {count} 張 PayMe／轉數快付款待確認",
  "notice.admin.claims.body":
    "以下 {count} 張訂單的會員表示已以 PayMe 或轉數快付款，確認期限在今日內；逾期未確認的訂單會自動取消：\n{lines}\n請到「訂單」確認收款。",
  "notice.admin.claims.line": "・{number}：{deadline} 前",
  "notice.admin.job.subject": "【{shop}】背景工作「{job}」連續失敗",
  "notice.admin.job.body":
    "背景工作「{job}」已連續失敗 {failures} 次（最近一次：{at}）。\n錯誤：{error}\n請查看伺服器記錄。今日不會再就此工作發出通知。",
  "notice.footer": "有任何問題，請以 WhatsApp 聯絡我們：{phone}",
} as const;
