/** The five kinds of food we sell (SPEC §1), shown on /about and /prelaunch. */
export const foodRangesText = {
  "foodRange.meat.title": "優質肉類",
  "foodRange.meat.body": "澳洲、美國、日本及南美的牛肉，伊比利亞及日本黑豚豬肉，原條原塊分切，按重量計價。",
  "foodRange.frozen.title": "急凍食品",
  "foodRange.frozen.body": "海鮮、雞件、點心及進口急凍食品，全程冷鏈運送，保持新鮮。",
  "foodRange.fresh.title": "新鮮蔬果",
  "foodRange.fresh.body": "本地農場及鄰近產地的時令蔬菜和水果，截單後才向農場訂貨，減少浪費。",
  "foodRange.dry.title": "乾貨",
  "foodRange.dry.body": "米、麵、油、調味料及海味，日常必備，份量夠一家人用。",
  "foodRange.ready.title": "即食食品",
  "foodRange.ready.body": "即食餐包、湯包及小食，加熱即食，忙碌的日子也能好好吃一餐。",
} as const;
