/**
 * Titles and descriptions of the content pages, and the few words their shared components use.
 * The long texts of each page live in catalogue/pages/<page>.ts, imported by that page alone, so
 * the words of one page are not shipped with every other.
 */
export const pages = {
  "page.about.title": "關於我們",
  "page.about.description":
    "齊齊買是香港的社區團購平台：街坊一齊訂購優質肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價，再到就近的社區自取點取貨。",
  "page.guide.title": "團購教學",
  "page.guide.description":
    "第一次用齊齊買？了解一般團、限量團和現貨的分別、截單時間、取貨時間、dDollar、按重量計價、運費分擔及付款方法。",
  "page.qa.title": "常見問題",
  "page.qa.description":
    "齊齊買常見問題：如何下單、截單時間、成團人數、dDollar 退款、按重量計價、取貨、運費、付款方法、推薦計劃及帳戶登入。",
  "page.terms.title": "條款及細則",
  "page.terms.description":
    "齊齊買條款及細則：會員資格、訂單及成團人數、價錢及 dDollar、付款、取貨、退款、私隱政策、電子推廣訊息及適用法律。",
  "page.referral.title": "推薦計劃",
  "page.referral.description":
    "推薦朋友加入齊齊買：朋友完成首次購物後，你和朋友各得首次購物貨品金額 {percent} 的 dDollar，推薦獎賞合共 {total}，雙方平分。",
  "page.prelaunch.title": "即將開幕",
  "page.prelaunch.description":
    "齊齊買即將開幕：香港社區團購平台，肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價。立即註冊，開幕時第一時間通知你。",
  "page.welcome.title": "註冊成功",
  "page.welcome.description": "歡迎加入齊齊買！開始你的第一次社區團購。",
  "page.wholeBeef.title": "原條牛肉",
  "page.wholeBeef.description":
    "齊齊買原條牛肉專門店：西冷、肉眼、牛柳、板腱及牛坑腩，原條入貨，按訂單分切過磅，按實際重量退回差額。",
  "page.wholePork.title": "原條豬肉",
  "page.wholePork.description":
    "齊齊買原條豬肉專門店：伊比利亞黑毛豬及日本黑豚的梅頭、豬鞍、五花腩、豬頸肉及肋排，按訂單分切過磅，按實際重量退回差額。",
  "page.landing.backHome": "返回主頁",
  "page.example": "例子：{product}",
} as const;
