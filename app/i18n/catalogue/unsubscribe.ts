/** /unsubscribe (issue 7): the link at the foot of every campaign email. */
export const unsubscribe = {
  "unsubscribe.title": "取消訂閱推廣電郵",
  "unsubscribe.question": "你確定不再接收{shopName}的推廣電郵嗎？",
  "unsubscribe.for": "電郵地址：{email}",
  "unsubscribe.keepNote": "取消訂閱後，你仍會收到與訂單及帳戶有關的通知。",
  "unsubscribe.confirm": "確認取消訂閱",
  "unsubscribe.working": "處理中…",
  "unsubscribe.done.title": "已取消訂閱",
  "unsubscribe.done.body":
    "你將不會再收到{shopName}的推廣電郵。如改變主意，可於登入後在會員資料重新選擇接收。",
  "unsubscribe.already": "你已取消訂閱{shopName}的推廣電郵，無需再次操作。",
  "unsubscribe.home": "返回主頁",
  "unsubscribe.forged.title": "連結無效",
  "unsubscribe.forged.body":
    "此取消訂閱連結無效或不完整。請使用電郵內的完整連結，或登入後在會員資料中取消接收推廣資訊。",
  "unsubscribe.expired.title": "連結已過期",
  "unsubscribe.expired.body":
    "此取消訂閱連結已過期。請使用較新的推廣電郵內的連結，或登入後在會員資料中取消接收推廣資訊。",
  "unsubscribe.help": "如需協助，請 WhatsApp {phone} 聯絡客戶服務。",
} as const;
