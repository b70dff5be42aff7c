/**
 * Words of a shared deal (issue 31 item 3): the WhatsApp message, the link preview's description
 * and the picture drawn for it. Used by the drawer, the pages' meta tags and the server's images.
 */
export const shareCatalogue = {
  "share.price": "成團價 {price}",
  "share.pricePerUnit": "成團價 {price}／{unit}",
  "share.progress": "已有 {buyers} 人參加，還差 {missing} 人成團",
  "share.progressFirst": "仲未有人參加，還差 {missing} 人成團，快啲做第一個！",
  "share.progressMet": "已有 {buyers} 人參加，已經成團！",
  "share.cutoff": "截單：{time}（香港時間）",
  "share.whatsapp": "WhatsApp 分享",
  "share.whatsappLabel": "用 WhatsApp 分享「{name}」",
  "share.home.tagline": "街坊一齊買，成團更抵",
  "share.home.subline": "肉類・急凍・新鮮・乾貨・即食｜社區自取",
  "share.merchant.tagline": "{name} 團購中",
  "share.merchant.count": "{count} 款貨品，一齊買更抵",
  "share.imageAlt": "{name} 的分享圖片",
} as const;
