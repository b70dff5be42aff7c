/**
 * Toasts the server words and carries across a redirect (flash.server.ts): never shipped to a
 * browser, so they sit with the server's notices (messages.server.ts) and the back office's catalogue.
 */
export const flashToasts = {
  "toast.myOrder.cancelled": "訂單 {number} 已取消，貨品已放回，已用的 dDollar 已退回",
  "toast.myOrder.notCancelled":
    "訂單 {number} 已付款或已申報付款，不能自行取消。如需協助，請以 WhatsApp 聯絡我們。",
  "toast.myOrder.notFound": "找不到此訂單",
  "toast.paymeClaimed": "已收到你的付款通知，職員核實後會確認訂單",
  "toast.cardProcessing": "你的信用卡付款正在處理中，請稍候在「我的訂單」查看付款結果，毋須再付款",
  "toast.claimCardProcessing":
    "你的信用卡付款正在處理中，請勿再以 PayMe 或轉數快付款；請稍候在「我的訂單」查看付款結果",
  "admin.toast.added": "新增成功",
  "admin.toast.updated": "更新成功",
  "admin.toast.removed": "刪除成功",
  "toast.order.submitted": "訂單已提交",
  "toast.csvImported": "CSV 匯入成功",
  "toast.dDollarAdded": "已增加 dDollar",
  "toast.loginSuccess": "登入成功",
  "toast.registerSuccess": "註冊成功",
} as const;
