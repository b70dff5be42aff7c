/** The contact form (issue 7 item 1) on /qa, /account and /contact. */
export const contact = {
  "page.contact.title": "聯絡我們",
  "page.contact.description": "有關訂單、自取或貨品的問題，留下訊息，我們會於一個工作天內回覆。",
  "contact.heading": "聯絡我們",
  "contact.intro": "留下訊息及電話或電郵（最少一項），客服會於一個工作天內回覆。",
  "contact.name": "稱呼",
  "contact.phone": "電話號碼",
  "contact.email": "電郵",
  "contact.contactHint": "電話或電郵最少填一項",
  "contact.message": "訊息內容",
  "contact.count": "{count} / {max} 字",
  "contact.submit": "送出訊息",
  "contact.submitting": "送出中…",
  "contact.sent": "訊息已送出，我們會於一個工作天內回覆。",
  "contact.more": "其他查詢方法",
  "contact.faq": "常見問題",
  "toast.feedbackSent": "訊息已送出，我們會於一個工作天內回覆",
} as const;
