/** /success-registration: the welcome page after registering. */
export const welcome = {
  "welcome.title": "註冊成功",
  "welcome.description": "歡迎加入齊齊買！開始你的第一次社區團購。",
  "welcome.headline": "歡迎加入齊齊買！",
  "welcome.lead": "你的帳戶已經建立。以下幾步，助你開始第一次團購：",
  "welcome.next.shop.title": "開始購物",
  "welcome.next.shop.body": "瀏覽今期團購貨品，記得在截單前下單。",
  "welcome.next.guide.title": "團購教學",
  "welcome.next.guide.body": "三分鐘了解成團價、dDollar 和取貨安排。",
  "welcome.next.referral.title": "推薦朋友",
  "welcome.next.referral.body": "朋友完成首次購物後，你和朋友各得 dDollar 獎賞。",
  "welcome.tip": "小提示：結帳前先查看自取點，揀選離你最近、最方便取貨的一個。",
  "welcome.tipLink": "查看自取點",
} as const;
