/** Pages without navigation: /prelaunch and /success-registration, and the way back to the shop. */
export const landing = {
  "page.landing.backHome": "返回主頁",

  "page.prelaunch.title": "即將開幕",
  "page.prelaunch.description":
    "齊齊買即將開幕：香港社區團購平台，肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價。立即註冊，開幕時第一時間通知你。",
  "page.prelaunch.eyebrow": "即將推出",
  "page.prelaunch.headline": "齊齊買即將開幕",
  "page.prelaunch.lead":
    "香港社區團購平台：街坊一齊訂購，湊夠人數享成團價，再到就近的社區自取點取貨。現在註冊，開幕時我們會以短訊第一時間通知你。",
  "page.prelaunch.sell.title": "開幕後可以買到",
  "page.prelaunch.why.title": "一齊買的好處",
  "page.prelaunch.why.price.title": "成團價更實惠",
  "page.prelaunch.why.price.body": "集合街坊訂單大批採購，部分貨品低至市價約七折。",
  "page.prelaunch.why.pickup.title": "就近社區自取",
  "page.prelaunch.why.pickup.body":
    "星期一至五 10:00–19:00 到附近自取點取貨（公眾假期除外），不用在家等送貨。",
  "page.prelaunch.why.refund.title": "多收必退",
  "page.prelaunch.why.refund.body": "成團差價、重量差額和運費餘額，一律以 dDollar 退回，下次購物自動扣除。",
  "page.prelaunch.join.title": "搶先成為首批會員",
  "page.prelaunch.join.body":
    "註冊只需一個香港手機號碼。推薦朋友一齊加入，朋友首次購物後雙方更可各得 dDollar 獎賞。",
  "page.prelaunch.join.register": "立即註冊",
  "page.prelaunch.join.guide": "先看團購教學",

  "page.welcome.title": "註冊成功",
  "page.welcome.description": "歡迎加入齊齊買！開始你的第一次社區團購。",
  "page.welcome.headline": "歡迎加入齊齊買！",
  "page.welcome.lead": "你的帳戶已經建立。以下幾步，助你開始第一次團購：",
  "page.welcome.shop.title": "開始購物",
  "page.welcome.shop.body": "瀏覽今期團購貨品，記得在截單前下單。",
  "page.welcome.guide.title": "團購教學",
  "page.welcome.guide.body": "三分鐘了解成團價、dDollar 和取貨安排。",
  "page.welcome.referral.title": "推薦朋友",
  "page.welcome.referral.body": "朋友完成首次購物後，你和朋友各得 dDollar 獎賞。",
  "page.welcome.tip": "小提示：結帳前先查看自取點，揀選離你最近、最方便取貨的一個。",
  "page.welcome.tipLink": "查看自取點",
} as const;
