/**
 * Titles and descriptions of the shorter content pages (about, prelaunch, welcome, whole cuts); the
 * long pages (guide, qa, terms, referral) keep theirs beside their text in catalogue/pages/, each
 * page's words in a message group of its own (decision 0054), not loaded with every other page.
 */
export const pages = {
  "page.about.title": "關於我們",
  "page.about.description":
    "齊齊買是香港的社區團購平台：街坊一齊訂購優質肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價，再到就近的社區自取點取貨。",
  "page.prelaunch.title": "即將開幕",
  "page.prelaunch.description":
    "齊齊買即將開幕：香港社區團購平台，肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價。立即註冊，開幕時第一時間通知你。",
  "page.wholeBeef.title": "原條牛肉",
  "page.wholeBeef.description":
    "齊齊買原條牛肉專門店：西冷、肉眼、牛柳、板腱及牛坑腩，原條入貨，按訂單分切過磅，按實際重量退回差額。",
  "page.wholePork.title": "原條豬肉",
  "page.wholePork.description":
    "齊齊買原條豬肉專門店：伊比利亞黑毛豬及日本黑豚的梅頭、豬鞍、五花腩、豬頸肉及肋排，按訂單分切過磅，按實際重量退回差額。",
} as const;
