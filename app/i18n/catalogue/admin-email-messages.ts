/**
 * /admin/email toasts shown after a redirect (worded on the server by readFlash). Saving a draft
 * uses the general admin.toast.* toasts; the rest of the page's words are in admin-email.ts.
 */
export const adminEmailMessages = {
  "admin.email.toast.testSent": "測試電郵已發送至 {email}",
  "admin.email.toast.testFailed": "測試電郵未能發送",
  "admin.email.toast.started": "開始發送給 {count} 位會員",
  "admin.email.toast.alreadySent": "此推廣已發送，不會重發",
  "admin.email.toast.noRecipients": "沒有會員同意接收推廣，未能發送",
} as const;
