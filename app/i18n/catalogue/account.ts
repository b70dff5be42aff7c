/** Words of the member's account page (/account), shipped with the `account` message group. */
export const accountCatalogue = {
  "account.title": "我的帳戶",
  "account.greeting": "{name}，你好！",
  "account.description": "查看 dDollar 結餘、訂單、帳戶資料及推薦朋友。",
  "account.joined": "{date}加入",
  "account.ordersHint": "訂單狀態及自取資料",
  "account.profileHint": "姓名、電郵、地區及推廣設定",
  "account.dollarHint": "dDollar 收支記錄",
  "account.referralHint": "已推薦 {count} 位朋友",
  "account.backOfficeHint": "訂單、產品及會員管理",
  "account.balanceNote": "1 dDollar = HK$1，結帳時自動扣減",
  // When the member joined, as formatHkDate writes it (the weekday's name after 星期).
  "account.joinedOn": "{year}年{month}月{day}日（星期{weekday}）",
} as const;
