/** /prelaunch: the coming-soon page. */
export const prelaunchText = {
  "prelaunch.eyebrow": "即將推出",
  "prelaunch.headline": "齊齊買即將開幕",
  "prelaunch.lead":
    "香港社區團購平台：街坊一齊訂購，湊夠人數享成團價，再到就近的社區自取點取貨。現在註冊，開幕時我們會以短訊第一時間通知你。",
  "prelaunch.range.title": "開幕後可以買到",
  "prelaunch.why.title": "一齊買的好處",
  "prelaunch.why.price.title": "成團價更實惠",
  "prelaunch.why.price.body": "集合街坊訂單大批採購，部分貨品低至市價約七折。",
  "prelaunch.why.pickup.title": "就近社區自取",
  "prelaunch.why.pickup.body": "星期一至五 10:00–19:00 到附近自取點取貨（公眾假期除外），不用在家等送貨。",
  "prelaunch.why.refund.title": "多收必退",
  "prelaunch.why.refund.body": "成團差價、重量差額和運費餘額，一律以 dDollar 退回，下次購物自動扣除。",
  "prelaunch.join.title": "搶先成為首批會員",
  "prelaunch.join.body":
    "註冊只需一個香港手機號碼。推薦朋友一齊加入，朋友首次購物後雙方更可各得 dDollar 獎賞。",
  "prelaunch.join.register": "立即註冊",
  "prelaunch.join.guide": "先看團購教學",
} as const;
