/** /referral: the new-member referral programme (SPEC §9, DESIGN §4.11); {percent} comes from the settings. */
export const referralText = {
  eyebrow: "推薦計劃",
  headline: "推薦朋友加入，雙方各得 {percent} dDollar",
  split: "推薦獎賞合共 {total}，雙方平分",
  lead: "朋友在齊齊買完成第一次購物後，你和朋友各可獲該次購物貨品金額 {percent} 的 dDollar，下次購物自動扣除。",
  base: "貨品金額即結帳時的貨品總額：未扣優惠碼折扣，成團退款及重量差額不會令獎賞減少，運費及信用卡手續費不計在內。",
  steps: {
    title: "如何參加",
    items: [
      { title: "邀請朋友", body: "把你登記的手機號碼告訴朋友。登入後，亦可在本頁取得你的專屬推薦連結。" },
      {
        title: "朋友註冊",
        body: "朋友註冊時，在「推薦人電話號碼」一欄填寫你的電話號碼；如註冊時忘記填寫，可在個人資料內補填一次。",
      },
      {
        title: "完成首次購物",
        body: "朋友揀選心水貨品，完成第一次付款購物。如在個人資料補填推薦人，以補填之後的第一次付款購物計算。",
      },
      { title: "雙方獲得獎賞", body: "截單結算後，你和朋友各獲首次購物貨品金額 {percent} 的 dDollar。" },
    ],
  },
  example: {
    title: "例子：朋友首次購物的貨品金額為 {amount}",
    referrer: "你（推薦人）獲得的 dDollar",
    referee: "朋友（新會員）獲得的 dDollar",
    total: "推薦獎賞合共",
    outcome: "截單結算後，雙方的 dDollar 各增加 {each}，下次購物時自動扣除。",
  },
  rules: {
    title: "注意事項",
    items: [
      "推薦人必須是已註冊的齊齊買會員，不可推薦自己。",
      "每位新會員只可填寫一位推薦人，填寫後不能更改。",
      "獎賞按首次購物的貨品金額計算，即結帳時的貨品總額（未扣優惠碼折扣），不包括運費及信用卡手續費；成團退款及重量差額不影響獎賞。",
      "首次購物指記錄推薦人之後的第一張已付款訂單；註冊後才補填推薦人的，補填之前的訂單不計。",
      "獎賞於截單結算後以 dDollar 發放，可在「我的 D幣」查看記錄。",
      "推薦人數不設上限：推薦越多朋友，獲得的 dDollar 越多。",
    ],
    terms: "推薦計劃受條款及細則約束。",
    termsLink: "閱讀條款及細則",
  },
  join: {
    title: "還未是會員？",
    body: "註冊只需一個香港手機號碼，一分鐘完成。記得填寫推薦人的電話號碼！",
    register: "立即註冊",
    login: "已是會員？登入",
  },
} as const;
