/** Back-office messages that shared parts show (form errors, toasts after a redirect), so they stay in the shared catalogue. */
export const adminValidation = {
  "admin.validation.whatsapp": "請輸入有效的 WhatsApp 號碼（8位香港號碼，或連國家編號）",
  "admin.validation.url": "請輸入以 https:// 開頭的網址",
  "admin.validation.dateTime": "請輸入有效的日期及時間",
  "admin.validation.bannerCount": "最多只可輸入10句",
  "admin.validation.bannerLength": "每句最多80字",
  "admin.toast.unchanged": "資料沒有改動",
  "admin.member.selfDemote": "不可移除自己的管理員權限，請由另一位管理員操作",
} as const;
