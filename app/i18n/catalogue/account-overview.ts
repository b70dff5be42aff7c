/** /account: the member's overview (the rest of its words are the shared `account.*` in auth.ts). */
export const accountOverview = {
  // When the member joined, as formatHkDate writes it (the weekday's name after 星期).
  "account.joinedOn": "{year}年{month}月{day}日（星期{weekday}）",
} as const;
