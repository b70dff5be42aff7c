/** Words of the product drawer, loaded with it when a product is opened. */
export const productDrawerCatalogue = {
  "product.cutoffAt": "截單時間：{time}",
  "product.liquorNotice": "根據香港法律，不得在業務過程中，向未成年人售賣或供應令人醺醉的酒類。",
  "product.maxPerMember": "每位會員最多購買 {count} 件",
  "product.images": "產品圖片",
  "product.image": "第 {index} 張，共 {total} 張",
  "product.imageAlt": "{name}（{picture}）",
  "product.description": "產品介紹",
  "product.howPriced": "價錢點計",
  "product.payable.general":
    "一般團：落單時先付原價；截單時達到目標人數，每{unit}差價 {refund} 以 dDollar 退回。",
  "product.payable.limited": "限量團：以成團價付款；截單時未達目標人數，款項全數以 dDollar 退回。",
  "product.payable.instock": "現貨：以成團價即時購買，售完即止。",
  "product.pickup": "自取日期：{from} 至 {to}",
  "product.close": "關閉產品詳情",
} as const;
