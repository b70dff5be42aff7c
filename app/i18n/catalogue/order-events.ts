/**
 * What an order's history and the member's dDollar records say of a change the back office or the
 * member made. Server-side words only: the admin's order page shows them as written.
 */
export const orderEventsCatalogue = {
  "orderEvent.cancel.byAdmin": "管理員取消",
  "orderEvent.cancel.byMember": "會員取消",
  "orderEvent.cancel.creditByAdmin": "管理員取消訂單",
  "orderEvent.cancel.creditByMember": "會員取消訂單",
  "orderEvent.ready": "已送抵自取點",
  "orderEvent.collected": "取貨碼 {code}",
  "orderEvent.collectedShort": "取貨碼 {code}；缺貨：{lines}（{reason}）",
  "orderEvent.settled": "截單結算",
} as const;
