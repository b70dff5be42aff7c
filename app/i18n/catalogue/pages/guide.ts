/** /guide: the three modes with worked examples, cut-off, pickup, dDollar, weights, delivery, payment. */
export const guideText = {
  eyebrow: "新手必讀",
  lead: "齊齊買的價錢由參團人數決定：人越多，越便宜。花三分鐘看看整個流程，下次截單前就可以和街坊一齊買。",
  toc: "本頁內容",

  steps: {
    title: "四步開始團購",
    items: [
      { title: "註冊及登入", body: "用香港手機號碼接收短訊驗證碼即可註冊，毋須記密碼。" },
      { title: "選購參團", body: "截單前把貨品加入購物車。每件貨品都列明模式、價錢、已參團人數和截單倒數。" },
      { title: "結帳付款", body: "揀選自取點，系統先扣除你的 dDollar，餘額以 PayMe 或信用卡支付。" },
      { title: "到自取點取貨", body: "貨品送到後會收到短訊通知，憑取貨碼或二維碼在開放時間內取貨。" },
    ],
  },

  modes: {
    title: "三種購買模式",
    lead: "每件貨品都標明屬於哪一種模式。模式不同，結帳時付的價錢和截單後的安排也不同。",
    price: "原價",
    gatherPrice: "成團價",
    target: "目標人數",
    people: "{count} 人",
    pay: "結帳時支付",
    stock: "尚餘數量",
    pieces: "{count} 件",
    ifReached: "截單時達到目標",
    ifMissed: "截單時未達目標",
    general: {
      summary:
        "結帳時先付原價。截單時參團人數達到目標，原價與成團價的差額會以 dDollar 退回，等於以成團價購買；未達目標亦照常出貨，以原價計算。",
      product: "澳洲穀飼西冷牛扒（兩塊裝）",
      reached: "截單時有 {buyers} 人參團：差額 {refund} 以 dDollar 退回，實際只付 {gatherPrice}。",
      missed: "截單時只有 {buyers} 人參團：照常出貨，以原價 {price} 計算，不設退款。",
    },
    limited: {
      summary:
        "結帳時付成團價，但必須在截單前達到目標人數才會成團。未能成團，該貨品會取消，款項全數以 dDollar 退回。",
      product: "日本 A4 和牛肉眼扒（300 克）",
      reached: "截單時有 {buyers} 人參團：成團出貨，你付的 {gatherPrice} 就是成團價。",
      missed: "截單時只有 {buyers} 人參團：未能成團，貨品取消，{gatherPrice} 全數以 dDollar 退回。",
    },
    instock: {
      summary: "毋須等成團，即時以成團價購買，但數量有限，售完即止。",
      product: "急凍越南虎蝦（一公斤）",
      outcome: "付 {gatherPrice} 即確認購買，與同期訂單一起送到你揀選的自取點。",
    },
  },

  cutoff: {
    title: "截單時間",
    paragraphs: [
      "齊齊買每星期截單一次。每件貨品都顯示距離截單的倒數，今期的截單時間和取貨日期亦會在網站頂部公佈。",
      "截單一刻，系統會統計每件團購貨品的參團人數：一般團達標的差價、限量團未成團的款項，都會自動退回你的 dDollar 帳戶。截單後才下的訂單會計入下一期。",
    ],
    notice: "截單後我們隨即向供應商落實訂貨，因此截單後不能取消或更改訂單。",
  },

  pickup: {
    title: "取貨時間及地點",
    hoursLabel: "自取點開放時間",
    hours: "星期一至五 10:00–19:00（公眾假期除外）",
    body: "貨品送抵自取點後，你會收到短訊通知。請在開放時間內，憑「我的訂單」內的取貨碼或二維碼取貨。每個自取點的地址、開放時間和運費，都可以在自取點頁面查看。",
    link: "查看所有自取點",
  },

  dollar: {
    title: "dDollar 是甚麼",
    intro: "dDollar（又稱「D幣」）是齊齊買的購物積分，1 dDollar 等於 HK$1。以下情況會退回或獎賞 dDollar：",
    sources: [
      "一般團達到目標人數時，原價與成團價的差額",
      "限量團未能成團時，該貨品的全數款項",
      "按重量計價的貨品，實際重量較估計輕時的差額",
      "運費按實際人數分擔後，多付的運費",
      "推薦計劃的獎賞",
    ],
    use: "下次結帳時，系統會先自動扣除你的 dDollar 結餘，不足的部分才需要另外付款。dDollar 不能兌換現金，亦不能轉讓。",
    example:
      "例子：你的 dDollar 結餘為 {balance}，今次購物合共 {total}。結帳時先扣除全部結餘 {balance}，只需再付 {payable}。",
  },

  weight: {
    title: "按重量計價的貨品",
    body: "原條分切的肉類按重量計價。貨品頁面會列出每磅價錢和每件的估計重量（例如約 2.5 磅），結帳時先按估計重量收費。分切後我們會逐件過磅，按實際重量計算：比估計輕，差額以 dDollar 退回；比估計重，也不會向你加收。",
    product: "原條西冷分切（每件約 {weight} 磅）",
  },

  delivery: {
    title: "運費分擔",
    intro: "每次送貨到同一個自取點的運費，由該期在該處取貨的會員平均分擔：人越多，每人付得越少。",
    example: "例子：送貨到某自取點的運費是 {fee}，今期有 {people} 人在該處取貨，每人只需分擔 {share}。",
    settlement:
      "結帳時會先收取自取點列明的運費；截單後按實際人數重新計算，多付的部分以 dDollar 退回。同一期在同一自取點取貨只收一次運費，不論你下了多少張訂單。",
    free: "指定商戶的自取點免運費，自取點頁面會標示「免運費」。",
  },

  payment: {
    title: "付款方法",
    methods: {
      dollar: { title: "dDollar", body: "結帳時自動先扣除。結餘足夠支付全數時，毋須再付款，訂單即時確認。" },
      payme: {
        title: "PayMe",
        body: "掃描 PayMe 二維碼或打開付款連結，付款時註明訂單編號；職員核對款項後確認訂單。",
      },
      card: { title: "信用卡", body: "經安全的網上付款頁面以信用卡付款，即時確認，另收 {cardFee} 手續費。" },
    },
    cardExample: "例子：扣除 dDollar 後需付 {payable}，以信用卡付款的手續費為 {fee}，合共 {total}。",
    expiry: "訂單須在 30 分鐘內完成付款，否則會自動取消，已扣除的 dDollar 亦會退回。",
  },

  cta: {
    title: "還有疑問？",
    body: "常見問題整理了大家最常問的事情；你也可以按右下角的按鈕，以 WhatsApp 向我們查詢。",
    qa: "常見問題",
    shop: "開始購物",
  },
} as const;
