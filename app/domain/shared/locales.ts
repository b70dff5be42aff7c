/**
 * The shop's two languages (issue 48): zh-HK, and English. A member reads one of them
 * (`members.locale`), and an enquiry keeps the one it was written in.
 */
export const locales = ["zh-HK", "en"] as const;
