/** Back-office messages that shared parts show (form errors, toasts after a redirect), so they stay in the shared catalogue. */
export const adminValidation = {
  "admin.validation.whatsapp": "請輸入有效的 WhatsApp 號碼（8位香港號碼，或連國家編號）",
  "admin.validation.url": "請輸入以 https:// 開頭的網址",
  "admin.validation.dateTime": "請輸入有效的日期及時間",
  "admin.validation.paymeClaimHours": "請輸入 1 至 168 之間的整數（小時）",
  "admin.validation.fpsIdLength": "FPS ID 須為 7 位或 9 位數字",
  "admin.validation.fpsMobile": "手提電話號碼須為 8 位香港手提號碼（4 至 9 字開頭），例如 +852 9123 4567",
  "admin.validation.fpsEmail": "電郵地址格式不正確（只可用英文字母、數字及 . _ % + -）",
  "admin.validation.fpsFormat": "請輸入 FPS ID（7 或 9 位數字）、香港手提電話號碼或電郵地址",
  "admin.validation.fpsAccountName": "提供轉數快付款時，請填寫收款戶口名稱",
  "admin.validation.fpsIdentifierMissing": "請填寫轉數快識別碼，或清空戶口名稱",
  "admin.toast.unchanged": "資料沒有改動",
  "admin.member.selfDemote": "不可移除自己的管理員權限，請由另一位管理員操作",
  // /admin/stock: the adjust form's errors and the toasts after an import.
  "admin.stock.validation.whole": "必須為整數",
  "admin.stock.validation.notNegative": "不可少於 0",
  "admin.stock.validation.tooLarge": "數量過大，最多 1,000,000",
  "admin.stock.validation.deltaZero": "請輸入要增加或減少的數量",
  "admin.stock.toast.imported": "CSV 匯入成功：已更新 {count} 件貨品",
  "admin.stock.toast.discarded": "已取消匯入",
  // Products (/admin/product): the list's toasts after a redirect.
  "admin.toast.published": "已上架 {count} 件產品",
  "admin.toast.unpublished": "已下架 {count} 件產品",
  "admin.toast.productOrdered": "此產品已有訂單，不能刪除；請改為下架",
  // /admin/feedback: the toasts after a reply or a status change.
  "admin.feedback.toast.replied": "已發送回覆",
  "admin.feedback.toast.closed": "已關閉訊息",
  "admin.feedback.toast.reopened": "已重新開啟訊息",
} as const;
