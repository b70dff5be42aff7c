/**
 * /account and /account/profile: the member's overview and the language they read (the rest of
 * their words are the shared `account.*` and `profile.*` in auth.ts).
 */
export const accountOverview = {
  // When the member joined, as formatHkDate writes it (the weekday's name after 星期).
  "account.joinedOn": "{year}年{month}月{day}日（星期{weekday}）",
  "profile.language": "語言",
  "profile.languageHint": "我們會以此語言發短訊及電子郵件給你",
  "profile.language.zh": "中文",
  "profile.language.en": "English",
} as const;
