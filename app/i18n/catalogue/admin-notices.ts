/** What the shop tells its admins by email (issue 46 item 5): the back office stays zh-HK. */
export const adminNoticesCatalogue = {
  "notice.smsBudget.subject": "【{shop}】今日{purpose}驗證碼短訊已用 {percent}%",
  "notice.smsBudget.body":
    "今日（{day}）已發送 {sent} 個{purpose}驗證碼短訊，每日預算為 {budget} 個（已用 {percent}%）。用過一半後，每次發送前瀏覽器須先完成一項自動驗證；預算用盡後驗證會較費時，但登入及註冊不會關閉。每個網絡每日最多用預算的 {networkPercent}%。如數字異常，請到管理後台查看。",
  "notice.smsBudget.purpose.login": "登入",
  "notice.smsBudget.purpose.register": "註冊",
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
} as const;
