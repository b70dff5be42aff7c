/** The pickup points page (/location): how pickup and the delivery charge work, and each point's card. */
export const locationPage = {
  "page.location.title": "自取點 | 齊齊買",
  "page.location.description":
    "齊齊買全港自取點：香港島、九龍、新界及離島，列出地址、取貨時間及運費。指定商戶自取點免運費。",
  "location.heading": "自取點",
  "location.intro":
    "截單後我們會把貨品統一送到各自取點，訂單備妥時會以短訊通知你。取貨時請出示訂單的取貨碼或二維碼。",
  "location.rules.charge": "運費每位會員每期只收一次，同一期再落單不會重複收取。",
  "location.rules.free": "指定商戶的自取點免費送貨，不收運費。",
  "location.rules.share":
    "標示「運費分攤」的自取點，總運費由同期取貨的會員平分；取貨人數越多越平，多付的差額會以 dDollar 退回。",
  "location.areas": "按地區瀏覽",
  "location.pointCount": "{count} 個自取點",
  "location.hours": "取貨時間",
  "location.address": "地址",
  "location.charge": "運費",
  "location.chargePerMember": "{amount}（每人每期）",
  "location.free": "免運費",
  "location.freeAt": "{merchant}指定自取點",
  "location.hostedBy": "合作商戶：{merchant}",
  "location.runFee": "運費分攤：本點每期總運費 {amount}，由取貨會員平分，多付差額以 dDollar 退回。",
  "location.map": "在地圖查看",
  "location.mapLabel": "在 Google 地圖查看{name}（新視窗）",
  "location.empty": "暫時未有開放的自取點，請稍後再來看看，或以 WhatsApp 查詢。",
} as const;
