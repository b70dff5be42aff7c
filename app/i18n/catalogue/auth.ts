/** Sign-in, registration, account and referral texts (SPEC §5, §8; DESIGN §6). */
export const auth = {
  "error.crossSite": "不接受來自其他網站的請求",
  "error.forbidden.title": "沒有權限",
  "error.forbidden.body": "此頁只供管理員使用。如你是管理員，請以管理員帳戶登入。",
  "auth.logout": "登出",
  "account.balance": "dDollar 結餘",
  "account.orders": "我的訂單",
  "account.profile": "帳戶資料",
  "account.dollar": "我的 D幣",
  "account.referral": "推薦朋友",
  "account.backOffice": "管理後台",
  "account.pickupConsole": "取貨站",
  "account.menu": "帳戶選單",
  // A toast (the toaster speaks the shared catalogue), so not with the rest of referral.ts.
  "referral.copyFailed": "未能複製，請長按連結自行複製",
} as const;
