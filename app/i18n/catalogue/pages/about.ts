/** /about: who we are and how community group buying helps neighbours (SPEC §1). */
export const about = {
  "page.about.title": "關於我們",
  "page.about.description":
    "齊齊買是香港的社區團購平台：街坊一齊訂購優質肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價，再到就近的社區自取點取貨。",
  "page.about.eyebrow": "香港社區團購",
  "page.about.lead":
    "齊齊買把同一區街坊的訂單集合起來，一次過向供應商大批訂貨，省下中間的層層成本，再送到你屋企附近的社區自取點。",

  "page.about.who.title": "我們是誰",
  "page.about.who.body1":
    "齊齊買（Gather）是一個土生土長的香港團購平台。我們相信，一家人食得好不一定要花很多錢：只要大家願意一齊買，就可以用批發的價錢買到零售的份量。",
  "page.about.who.body2":
    "每星期我們會推出一批精選貨品，會員在截單前參團。截單時人數夠了，大家就以成團價入貨；我們向農場、進口商和本地商戶直接訂貨，再安排送到各區的自取點，由會員在方便的時間自行取貨。",

  "page.about.sell.title": "我們賣甚麼",
  "page.about.sell.lead": "由日常餸菜到節日大餐，都可以在齊齊買一次過買齊：",
  "page.about.sell.meat.title": "優質肉類",
  "page.about.sell.meat.body":
    "澳洲、美國、日本及南美的牛肉，伊比利亞及日本黑豚豬肉，原條原塊分切，按重量計價。",
  "page.about.sell.frozen.title": "急凍食品",
  "page.about.sell.frozen.body": "海鮮、雞件、點心及進口急凍食品，全程冷鏈運送，保持新鮮。",
  "page.about.sell.fresh.title": "新鮮蔬果",
  "page.about.sell.fresh.body": "本地農場及鄰近產地的時令蔬菜和水果，截單後才向農場訂貨，減少浪費。",
  "page.about.sell.dry.title": "乾貨",
  "page.about.sell.dry.body": "米、麵、油、調味料及海味，日常必備，份量夠一家人用。",
  "page.about.sell.ready.title": "即食食品",
  "page.about.sell.ready.body": "即食餐包、湯包及小食，加熱即食，忙碌的日子也能好好吃一餐。",

  "page.about.help.title": "一齊買，對街坊有甚麼好處",
  "page.about.help.price.title": "價錢更實惠",
  "page.about.help.price.body":
    "集合訂單後大批採購，成團價一般比市價平，部分貨品可低至約七折。一般團成團後，原價與成團價的差額會自動以 dDollar 退回。",
  "page.about.help.pickup.title": "就近社區自取",
  "page.about.help.pickup.body":
    "貨品統一送到屋苑附近的自取點，星期一至五 10:00–19:00 隨時取貨（公眾假期除外），不用在家等送貨。",
  "page.about.help.local.title": "支持本地商戶",
  "page.about.help.local.body": "不少自取點設於區內小店，街坊取貨時順道幫襯；指定商戶的自取點更免運費。",
  "page.about.help.waste.title": "減少浪費",
  "page.about.help.waste.body": "按實際訂單向供應商訂貨，集中一車送到自取點，減少剩貨、包裝和運輸。",

  "page.about.promise.title": "我們的承諾",
  "page.about.promise.item1": "價錢透明：原價、成團價和市價並列，結帳時清楚列明你要付多少、為甚麼。",
  "page.about.promise.item2": "多收必退：成團差價、按重量計價的差額和運費分擔後的餘額，一律以 dDollar 退回。",
  "page.about.promise.item3": "冷鏈保鮮：冷藏及急凍貨品全程以冷鏈運送，到自取點後放入雪櫃保存。",
  "page.about.promise.item4": "有問題找得到人：客服以 WhatsApp 回覆，星期一至五 10:00–19:00。",

  "page.about.cta.title": "準備好和街坊一齊買？",
  "page.about.cta.guide": "閱讀團購教學",
  "page.about.cta.location": "查看自取點",
  "page.about.cta.cooperation": "成為供應商",
} as const;
