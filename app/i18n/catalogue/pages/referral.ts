/** /referral: the new-member referral programme (SPEC §9, DESIGN §4.11); {percent} comes from the settings. */
export const referralText = {
  "page.referral.title": "推薦計劃",
  "page.referral.description":
    "推薦朋友加入齊齊買：朋友完成首次購物後，你和朋友各得首次購物貨品金額 {percent} 的 dDollar，推薦獎賞合共 {total}，雙方平分。",
  "referral.eyebrow": "推薦計劃",
  "referral.headline": "推薦朋友加入，雙方各得 {percent} dDollar",
  "referral.split": "推薦獎賞合共 {total}，雙方平分",
  "referral.lead":
    "朋友在齊齊買完成第一次購物後，你和朋友各可獲該次購物貨品金額 {percent} 的 dDollar，下次購物自動扣除。",
  "referral.base":
    "貨品金額即結帳時的貨品總額：未扣優惠碼折扣，成團退款及重量差額不會令獎賞減少，運費及信用卡手續費不計在內。",
  "referral.steps.title": "如何參加",
  "referral.step.invite.title": "邀請朋友",
  "referral.step.invite.body": "把你登記的手機號碼告訴朋友。登入後，亦可在本頁取得你的專屬推薦連結。",
  "referral.step.register.title": "朋友註冊",
  "referral.step.register.body":
    "朋友註冊時，在「推薦人電話號碼」一欄填寫你的電話號碼；如註冊時忘記填寫，可在個人資料內補填一次。",
  "referral.step.purchase.title": "完成首次購物",
  "referral.step.purchase.body":
    "朋友揀選心水貨品，完成第一次付款購物。推薦人須於第一次付款購物之前填寫（註冊時，或在帳戶資料補填）。",
  "referral.step.reward.title": "雙方獲得獎賞",
  "referral.step.reward.body": "截單結算後，你和朋友各獲首次購物貨品金額 {percent} 的 dDollar。",
  "referral.example.title": "例子：朋友首次購物的貨品金額為 {amount}",
  "referral.example.referrer": "你（推薦人）獲得的 dDollar",
  "referral.example.referee": "朋友（新會員）獲得的 dDollar",
  "referral.example.total": "推薦獎賞合共",
  "referral.example.outcome": "截單結算後，雙方的 dDollar 各增加 {each}，下次購物時自動扣除。",
  "referral.rules.title": "注意事項",
  "referral.rules.1": "推薦人必須是已註冊的齊齊買會員，不可推薦自己。",
  "referral.rules.2": "每位新會員只可填寫一位推薦人，填寫後不能更改。",
  "referral.rules.3":
    "獎賞按首次購物的貨品金額計算，即結帳時的貨品總額（未扣優惠碼折扣），不包括運費及信用卡手續費；成團退款及重量差額不影響獎賞。",
  "referral.rules.4":
    "首次購物指新會員的第一張已付款訂單（已取消的訂單不計），而且須在填寫推薦人之後落單；填寫推薦人之前已落單的，雙方均不獲獎賞。",
  "referral.rules.5": "推薦計劃只適用於新會員：已有付款訂單的會員不能再填寫推薦人。",
  "referral.rules.6": "不可互相推薦：你推薦的朋友（或經他們再推薦的會員）不能成為你的推薦人。",
  "referral.rules.7": "獎賞於截單結算後以 dDollar 發放，可在「我的 D幣」查看記錄。",
  "referral.rules.8": "推薦人數不設上限：推薦越多朋友，獲得的 dDollar 越多。",
  "referral.rules.terms": "推薦計劃受條款及細則約束。",
  "referral.rules.termsLink": "閱讀條款及細則",
  "referral.join.title": "還未是會員？",
  "referral.join.body": "註冊只需一個香港手機號碼，一分鐘完成。記得填寫推薦人的電話號碼！",
  "referral.join.register": "立即註冊",
  "referral.join.login": "已是會員？登入",
} as const;
