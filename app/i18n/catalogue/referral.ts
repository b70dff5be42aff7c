/** The referral page: the member's link to share, the friends it brought and their own referrer. */
export const referral = {
  "referral.share.title": "你的推薦連結",
  "referral.share.intro":
    "把連結傳給朋友：朋友以你的連結註冊並完成首次購物，你們各得 {percent} dDollar 回贈。",
  "referral.share.link": "推薦連結",
  "referral.share.products":
    "在任何貨品按「WhatsApp 分享」，連結同樣帶着你的推薦：朋友打開即見到貨品，之後註冊會自動填上你做推薦人。",
  "referral.share.message": "分享訊息",
  "referral.share.text":
    "我正在齊齊買參加社區團購，價錢實惠，還可以在附近自取點取貨！用我的推薦連結註冊，首次購物我們各得 {percent} dDollar 回贈：{link}",
  "referral.copyPage": "複製本頁連結",
  "referral.copyLink": "複製推薦連結",
  "referral.copyMessage": "複製分享訊息",
  "referral.whatsapp": "WhatsApp 分享",
  "referral.referees.title": "我推薦的朋友",
  "referral.referees.count": "共 {count} 位",
  "referral.referees.empty": "暫時未有朋友以你的連結註冊。",
  "referral.referrer.title": "我的推薦人",
  "referral.referrer.none":
    "你未有推薦人。如朋友推薦你加入，可於帳戶資料填上推薦人電話號碼（只可填寫一次，須於首次付款購物前填寫）。",
  "referral.referrer.closed": "你未有推薦人。你已有付款訂單，推薦計劃只適用於新會員，因此不能再填寫推薦人。",
  "referral.referrer.add": "填寫推薦人",
  "referral.joinedOn": "{year}年{month}月{day}日（星期{weekday}）加入",
  "toast.linkCopied": "已複製連結",
  "toast.referralLinkCopied": "已複製推薦連結",
  "toast.shareCopied": "已複製分享資訊",
} as const;
