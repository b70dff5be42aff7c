/**
 * /qa: questions and answers grouped by topic, a key per paragraph of an answer (`.a1`, `.a2`).
 * {cardFee}, {examplePayable}, {exampleFee}, {referralPercent} and {referralTotal} come from the settings.
 */
export const qaText = {
  "page.qa.title": "常見問題",
  "page.qa.description":
    "齊齊買常見問題：如何下單、截單時間、成團人數、dDollar 退款、按重量計價、取貨、運費、付款方法、推薦計劃及帳戶登入。",
  "qa.lead": "找不到答案？按右下角的 WhatsApp 按鈕聯絡我們，客服會盡快回覆。",
  "qa.contactLink": "以 WhatsApp 聯絡客服",

  "qa.ordering.title": "訂購及截單",
  "qa.ordering.how.q": "如何在齊齊買下單？",
  "qa.ordering.how.a1":
    "先以手機號碼註冊及登入，然後在截單前把想要的貨品加入購物車。結帳時揀選自取點並付款，付款完成後訂單便會確認。",
  "qa.ordering.how.a2": "詳細流程可參閱團購教學。",
  "qa.ordering.cutoff.q": "截單時間是甚麼時候？",
  "qa.ordering.cutoff.a1":
    "齊齊買每星期截單一次。每件貨品都顯示距離截單的倒數，網站頂部亦會公佈今期的截單時間和取貨日期。截單後才下的訂單會計入下一期。",
  "qa.ordering.target.q": "甚麼是「目標人數」？未達到會怎樣？",
  "qa.ordering.target.a1":
    "一般團和限量團都設有目標人數，以截單時已付款參團的會員人數計算（同一會員只計一次）。",
  "qa.ordering.target.a2": "一般團：達到目標，原價與成團價的差額以 dDollar 退回；未達目標，照常以原價出貨。",
  "qa.ordering.target.a3": "限量團：必須達到目標才成團；未達目標，該貨品取消，款項全數以 dDollar 退回。",
  "qa.ordering.modes.q": "一般團、限量團和現貨有甚麼分別？",
  "qa.ordering.modes.a1":
    "一般團結帳時付原價，成團後退回差價；限量團結帳時付成團價，但要成團才出貨；現貨毋須等成團，即時以成團價購買，數量有限，售完即止。",
  "qa.ordering.cancel.q": "下單後可以取消或更改嗎？",
  "qa.ordering.cancel.a1":
    "截單前如需取消，請以 WhatsApp 聯絡客服，已付款項會以 dDollar 退回。截單後我們已向供應商落實訂貨，恕不能取消或更改。未付款的訂單會在 30 分鐘後自動取消。",

  "qa.prices.title": "價錢及退款",
  "qa.prices.refund.q": "為甚麼退款是 dDollar，而不是退回信用卡？",
  "qa.prices.refund.a1":
    "成團差價、限量團退款、重量差額和運費餘額往往只是數元至數十元，以 dDollar 退回可省卻銀行手續費和等候時間。1 dDollar 等於 HK$1，下次結帳時會自動先扣除。",
  "qa.prices.weight.q": "按重量計價的貨品如何收費？",
  "qa.prices.weight.a1":
    "結帳時先按估計重量收費（例如約 2.5 磅）。分切後逐件過磅，按實際重量計算：比估計輕，差額以 dDollar 退回；比估計重，也不會向你加收。每件貨品的標籤都印有實際重量。",
  "qa.prices.dollar.q": "dDollar 如何使用？會過期嗎？",
  "qa.prices.dollar.a1":
    "dDollar 會在下次結帳時自動先扣除，不足的部分才需另外付款。你可以在「我的 D幣」查看每一筆記錄。dDollar 沒有使用期限，但不能兌換現金，亦不能轉讓給其他會員。",

  "qa.pickup.title": "取貨及運費",
  "qa.pickup.when.q": "甚麼時候、在哪裏取貨？",
  "qa.pickup.when.a1":
    "貨品會送到你結帳時揀選的自取點。送到後你會收到短訊通知，請於星期一至五 10:00–19:00（公眾假期除外）憑取貨碼或二維碼取貨。各自取點的地址可在自取點頁面查看。",
  "qa.pickup.missed.q": "未能在取貨期內取貨怎麼辦？",
  "qa.pickup.missed.a1":
    "請盡早以 WhatsApp 通知客服，我們會盡量安排。冷藏及急凍貨品基於食物安全，一般只保留三個工作天，逾期未取恕不退款。",
  "qa.pickup.delivery.q": "運費如何計算？",
  "qa.pickup.delivery.a1":
    "每次送貨到同一個自取點的運費，由該期在該處取貨的會員平均分擔。例如運費 $100，5 人分擔，每人只需 $20。結帳時先收取自取點列明的運費，截單後按實際人數計算，多付的部分以 dDollar 退回。",
  "qa.pickup.delivery.a2": "指定商戶的自取點免運費。",

  "qa.payment.title": "付款",
  "qa.payment.methods.q": "有甚麼付款方法？",
  "qa.payment.methods.a1":
    "結帳時會先扣除你的 dDollar；餘額可以 PayMe 或信用卡支付。以 PayMe 付款後，職員核對款項便會確認訂單；信用卡付款即時確認。",
  "qa.payment.cardFee.q": "以信用卡付款要另外收費嗎？",
  "qa.payment.cardFee.a1":
    "信用卡付款需另收扣除 dDollar 後應付金額的 {cardFee} 作手續費，例如應付 {examplePayable}，手續費為 {exampleFee}。以 PayMe 或 dDollar 付款則不收手續費。",

  "qa.account.title": "帳戶及其他",
  "qa.account.referral.q": "推薦朋友有甚麼獎賞？",
  "qa.account.referral.a1":
    "新會員註冊時填寫你的電話號碼作推薦人，完成首次購物後，你和新會員各可獲首次購物貨品金額 {referralPercent} 的 dDollar，推薦獎賞合共 {referralTotal}，雙方平分。詳情請參閱推薦計劃。",
  "qa.account.alcohol.q": "購買酒類有甚麼限制？",
  "qa.account.alcohol.a1":
    "根據香港法例，不可在業務過程中向未滿 18 歲人士售賣或供應酒類。購買酒類貨品時，結帳須確認你已年滿 18 歲；取貨時職員或會要求出示身份證明文件。",
  "qa.account.sms.q": "收不到短訊驗證碼怎麼辦？",
  "qa.account.sms.a1":
    "請確認輸入的是 8 位數字的香港手機號碼，並檢查手機是否有訊號。驗證碼 5 分鐘內有效，每 60 秒可重新發送一次。多次輸入錯誤後，號碼會暫停 15 分鐘，請稍後再試。",
  "qa.account.support.q": "如何聯絡客服？",
  "qa.account.support.a1":
    "按網站右下角的綠色按鈕即可以 WhatsApp 聯絡我們。客服時間為星期一至五 10:00–19:00（公眾假期除外），非辦公時間的訊息會在下一個工作天回覆。",
} as const;
