/** /guide: the three modes with worked examples, cut-off, pickup, dDollar, weights, delivery, payment. */
export const guideText = {
  "page.guide.title": "團購教學",
  "page.guide.description":
    "第一次用齊齊買？了解一般團、限量團和現貨的分別、截單時間、取貨時間、dDollar、按重量計價、運費分擔及付款方法。",
  "guide.eyebrow": "新手必讀",
  "guide.lead":
    "齊齊買的價錢由參團人數決定：人越多，越便宜。花三分鐘看看整個流程，下次截單前就可以和街坊一齊買。",
  "guide.toc": "本頁內容",

  "guide.steps.title": "四步開始團購",
  "guide.step.register.title": "註冊及登入",
  "guide.step.register.body": "用香港手機號碼接收短訊驗證碼即可註冊，毋須記密碼。",
  "guide.step.shop.title": "選購參團",
  "guide.step.shop.body": "截單前把貨品加入購物車。每件貨品都列明模式、價錢、已參團人數和截單倒數。",
  "guide.step.pay.title": "結帳付款",
  "guide.step.pay.body": "揀選自取點，系統先扣除你的 dDollar，餘額以 PayMe 或信用卡支付。",
  "guide.step.pickup.title": "到自取點取貨",
  "guide.step.pickup.body": "貨品送到後會收到短訊通知，憑取貨碼或二維碼在開放時間內取貨。",

  "guide.modes.title": "三種購買模式",
  "guide.modes.lead": "每件貨品都標明屬於哪一種模式。模式不同，結帳時付的價錢和截單後的安排也不同。",
  "guide.modes.price": "原價",
  "guide.modes.gatherPrice": "成團價",
  "guide.modes.target": "目標人數",
  "guide.modes.people": "{count} 人",
  "guide.modes.pay": "結帳時支付",
  "guide.modes.stock": "尚餘數量",
  "guide.modes.ifReached": "截單時達到目標",
  "guide.modes.ifMissed": "截單時未達目標",
  "guide.modes.general.summary":
    "結帳時先付原價。截單時參團人數達到目標，原價與成團價的差額會以 dDollar 退回，等於以成團價購買；未達目標亦照常出貨，以原價計算。",
  "guide.modes.general.product": "澳洲穀飼西冷牛扒（兩塊裝）",
  "guide.modes.general.reached":
    "截單時有 {buyers} 人參團：差額 {refund} 以 dDollar 退回，實際只付 {gatherPrice}。",
  "guide.modes.general.missed": "截單時只有 {buyers} 人參團：照常出貨，以原價 {price} 計算，不設退款。",
  "guide.modes.limited.summary":
    "結帳時付成團價，但必須在截單前達到目標人數才會成團。未能成團，該貨品會取消，款項全數以 dDollar 退回。",
  "guide.modes.limited.product": "日本 A4 和牛肉眼扒（300 克）",
  "guide.modes.limited.reached": "截單時有 {buyers} 人參團：成團出貨，你付的 {gatherPrice} 就是成團價。",
  "guide.modes.limited.missed":
    "截單時只有 {buyers} 人參團：未能成團，貨品取消，{gatherPrice} 全數以 dDollar 退回。",
  "guide.modes.instock.summary": "毋須等成團，即時以成團價購買，但數量有限，售完即止。",
  "guide.modes.instock.product": "急凍越南虎蝦（一公斤）",
  "guide.modes.instock.outcome": "付 {gatherPrice} 即確認購買，與同期訂單一起送到你揀選的自取點。",

  "guide.cutoff.title": "截單時間",
  "guide.cutoff.1":
    "齊齊買每星期截單一次。每件貨品都顯示距離截單的倒數，今期的截單時間和取貨日期亦會在網站頂部公佈。",
  "guide.cutoff.2":
    "截單一刻，系統會統計每件團購貨品的參團人數：一般團達標的差價、限量團未成團的款項，都會自動退回你的 dDollar 帳戶。截單後才下的訂單會計入下一期。",
  "guide.cutoff.notice": "截單後我們隨即向供應商落實訂貨，因此截單後不能取消或更改訂單。",

  "guide.pickup.title": "取貨時間及地點",
  "guide.pickup.hoursLabel": "自取點開放時間",
  "guide.pickup.hours": "星期一至五 10:00–19:00（公眾假期除外）",
  "guide.pickup.body":
    "貨品送抵自取點後，你會收到短訊通知。請在開放時間內，憑「我的訂單」內的取貨碼或二維碼取貨。每個自取點的地址、開放時間和運費，都可以在自取點頁面查看。",
  "guide.pickup.link": "查看所有自取點",

  "guide.dollar.title": "dDollar 是甚麼",
  "guide.dollar.intro":
    "dDollar（又稱「D幣」）是齊齊買的購物積分，1 dDollar 等於 HK$1。以下情況會退回或獎賞 dDollar：",
  "guide.dollar.source.1": "一般團達到目標人數時，原價與成團價的差額",
  "guide.dollar.source.2": "限量團未能成團時，該貨品的全數款項",
  "guide.dollar.source.3": "按重量計價的貨品，實際重量較估計輕時的差額",
  "guide.dollar.source.4": "運費按實際人數分擔後，多付的運費",
  "guide.dollar.source.5": "推薦計劃的獎賞",
  "guide.dollar.use":
    "下次結帳時，系統會先自動扣除你的 dDollar 結餘，不足的部分才需要另外付款。dDollar 不能兌換現金，亦不能轉讓。",
  "guide.dollar.example":
    "例子：你的 dDollar 結餘為 {balance}，今次購物合共 {total}。結帳時先扣除全部結餘 {balance}，只需再付 {payable}。",

  "guide.weight.title": "按重量計價的貨品",
  "guide.weight.body":
    "原條分切的肉類按重量計價。貨品頁面會列出每磅價錢和每件的估計重量（例如約 2.5 磅），結帳時先按估計重量收費。分切後我們會逐件過磅，按實際重量計算：比估計輕，差額以 dDollar 退回；比估計重，也不會向你加收。",
  "guide.weight.product": "原條西冷分切（每件約 {weight}）",

  "guide.delivery.title": "運費分擔",
  "guide.delivery.intro":
    "每次送貨到同一個自取點的運費，由該期在該處取貨的會員平均分擔：人越多，每人付得越少。",
  "guide.delivery.example":
    "例子：送貨到某自取點的運費是 {fee}，今期有 {people} 人在該處取貨，每人只需分擔 {share}。",
  "guide.delivery.settlement":
    "結帳時會先收取自取點列明的運費；截單後按實際人數重新計算，多付的部分以 dDollar 退回。同一期在同一自取點取貨只收一次運費，不論你下了多少張訂單。",
  "guide.delivery.free": "指定商戶的自取點免運費，自取點頁面會標示「免運費」。",

  "guide.payment.title": "付款方法",
  "guide.payment.dollar.title": "dDollar",
  "guide.payment.dollar.body": "結帳時自動先扣除。結餘足夠支付全數時，毋須再付款，訂單即時確認。",
  "guide.payment.payme.title": "PayMe",
  "guide.payment.payme.body": "掃描 PayMe 二維碼或打開付款連結，付款時註明訂單編號；職員核對款項後確認訂單。",
  "guide.payment.card.title": "信用卡",
  "guide.payment.card.body": "經安全的網上付款頁面以信用卡付款，即時確認，另收 {cardFee} 手續費。",
  "guide.payment.cardExample":
    "例子：扣除 dDollar 後需付 {payable}，以信用卡付款的手續費為 {fee}，合共 {total}。",
  "guide.payment.expiry": "訂單須在 30 分鐘內完成付款，否則會自動取消，已扣除的 dDollar 亦會退回。",

  "guide.cta.title": "還有疑問？",
  "guide.cta.body": "常見問題整理了大家最常問的事情；你也可以按右下角的按鈕，以 WhatsApp 向我們查詢。",
  "guide.cta.qa": "常見問題",
  "guide.cta.shop": "開始購物",
} as const;
