import type { accountOverview as zh } from "../account-overview.ts";
import type { Mirror } from "./mirror.ts";

export const accountOverview = {
  "account.joinedOn": "{day} {month} {year}",
  "profile.language": "Language",
  "profile.languageHint": "We text and email you in this language",
  "profile.language.zh": "中文",
  "profile.language.en": "English",
} satisfies Mirror<typeof zh>;
