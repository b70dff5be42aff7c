/** /about: who we are and how community group buying helps neighbours (SPEC §1). */
export const aboutText = {
  "about.eyebrow": "香港社區團購",
  "about.lead":
    "齊齊買把同一區街坊的訂單集合起來，一次過向供應商大批訂貨，省下中間的層層成本，再送到你家附近的社區自取點。",
  "about.who.title": "我們是誰",
  "about.who.1":
    "齊齊買（Gather）是一個土生土長的香港團購平台。我們相信，一家人食得好不一定要花很多錢：只要大家願意一齊買，就可以用批發的價錢買到零售的份量。",
  "about.who.2":
    "每星期我們會推出一批精選貨品，會員在截單前參團。截單時人數夠了，大家就以成團價入貨；我們向農場、進口商和本地商戶直接訂貨，再安排送到各區的自取點，由會員在方便的時間自行取貨。",
  "about.range.title": "我們賣甚麼",
  "about.range.lead": "由日常餸菜到節日大餐，都可以在齊齊買一次過買齊：",
  "about.neighbours.title": "一齊買，對街坊有甚麼好處",
  "about.neighbours.price.title": "價錢更實惠",
  "about.neighbours.price.body":
    "集合訂單後大批採購，成團價一般比市價平，部分貨品可低至約七折。一般團成團後，原價與成團價的差額會自動以 dDollar 退回。",
  "about.neighbours.pickup.title": "就近社區自取",
  "about.neighbours.pickup.body":
    "貨品統一送到屋苑附近的自取點，星期一至五 10:00–19:00 隨時取貨（公眾假期除外），不用在家等送貨。",
  "about.neighbours.local.title": "支持本地商戶",
  "about.neighbours.local.body": "不少自取點設於區內小店，街坊取貨時順道幫襯；指定商戶的自取點更免運費。",
  "about.neighbours.waste.title": "減少浪費",
  "about.neighbours.waste.body": "按實際訂單向供應商訂貨，集中一車送到自取點，減少剩貨、包裝和運輸。",
  "about.promise.title": "我們的承諾",
  "about.promise.1": "價錢透明：原價、成團價和市價並列，結帳時清楚列明你要付多少、為甚麼。",
  "about.promise.2": "多收必退：成團差價、按重量計價的差額和運費分擔後的餘額，一律以 dDollar 退回。",
  "about.promise.3": "冷鏈保鮮：冷藏及急凍貨品全程以冷鏈運送，到自取點後放入雪櫃保存。",
  "about.promise.4": "有問題找得到人：客服以 WhatsApp 回覆，星期一至五 10:00–19:00。",
  "about.cta.title": "準備好和街坊一齊買？",
  "about.cta.guide": "閱讀團購教學",
  "about.cta.location": "查看自取點",
  "about.cta.cooperation": "成為供應商",
} as const;
