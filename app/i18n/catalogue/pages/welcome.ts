/** /success-registration: the welcome page after registering. */
export const welcomeText = {
  headline: "歡迎加入齊齊買！",
  lead: "你的帳戶已經建立。以下幾步，助你開始第一次團購：",
  next: {
    shop: { title: "開始購物", body: "瀏覽今期團購貨品，記得在截單前下單。" },
    guide: { title: "團購教學", body: "三分鐘了解成團價、dDollar 和取貨安排。" },
    referral: { title: "推薦朋友", body: "朋友完成首次購物後，你和朋友各得 dDollar 獎賞。" },
  },
  tip: "小提示：結帳前先查看自取點，揀選離你最近、最方便取貨的一個。",
  tipLink: "查看自取點",
} as const;
