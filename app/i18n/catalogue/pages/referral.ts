/** /referral: the new-member referral programme (SPEC §9, DESIGN §4.11); {percent} comes from the settings. */
export const referral = {
  "page.referral.title": "推薦計劃",
  "page.referral.description":
    "推薦朋友加入齊齊買：朋友完成首次購物後，你和朋友各得首次購物金額 {percent} 的 dDollar，推薦獎賞合共 {total}，雙方平分。",
  "page.referral.eyebrow": "推薦計劃",
  "page.referral.headline": "推薦朋友加入，雙方各得 {percent} dDollar",
  "page.referral.split": "推薦獎賞合共 {total}，雙方平分",
  "page.referral.lead":
    "朋友在齊齊買完成第一次購物後，你和朋友各可獲該次購物貨品金額 {percent} 的 dDollar，下次購物自動扣除。",

  "page.referral.steps.title": "如何參加",
  "page.referral.step1.title": "邀請朋友",
  "page.referral.step1.body": "把你登記的手機號碼告訴朋友。登入後，亦可在本頁取得你的專屬推薦連結。",
  "page.referral.step2.title": "朋友註冊",
  "page.referral.step2.body":
    "朋友註冊時，在「推薦人電話號碼」一欄填寫你的電話號碼；如註冊時忘記填寫，可在個人資料內補填一次。",
  "page.referral.step3.title": "完成首次購物",
  "page.referral.step3.body": "朋友揀選心水貨品，完成第一次付款購物。",
  "page.referral.step4.title": "雙方獲得獎賞",
  "page.referral.step4.body": "截單結算後，你和朋友各獲首次購物貨品金額 {percent} 的 dDollar。",

  "page.referral.example.title": "例子：朋友首次購物的貨品金額為 {amount}",
  "page.referral.example.referrer": "你（推薦人）獲得的 dDollar",
  "page.referral.example.referee": "朋友（新會員）獲得的 dDollar",
  "page.referral.example.total": "推薦獎賞合共",
  "page.referral.example.outcome": "截單結算後，雙方的 dDollar 各增加 {each}，下次購物時自動扣除。",

  "page.referral.rules.title": "注意事項",
  "page.referral.rules.item1": "推薦人必須是已註冊的齊齊買會員，不可推薦自己。",
  "page.referral.rules.item2": "每位新會員只可填寫一位推薦人，填寫後不能更改。",
  "page.referral.rules.item3": "獎賞按首次購物的貨品金額計算，不包括運費及信用卡手續費。",
  "page.referral.rules.item4": "獎賞於截單結算後以 dDollar 發放，可在「我的 D幣」查看記錄。",
  "page.referral.rules.item5": "推薦人數不設上限：推薦越多朋友，獲得的 dDollar 越多。",
  "page.referral.rules.terms": "推薦計劃受條款及細則約束。",
  "page.referral.rules.termsLink": "閱讀條款及細則",

  "page.referral.join.title": "還未是會員？",
  "page.referral.join.body": "註冊只需一個香港手機號碼，一分鐘完成。記得填寫推薦人的電話號碼！",
  "page.referral.join.register": "立即註冊",
  "page.referral.join.login": "已是會員？登入",
} as const;
