import { adminNoticesCatalogue } from "./catalogue/admin-notices.ts";
import { noticesCatalogue } from "./catalogue/notices.ts";
import { catalogue as shared } from "./index.ts";
import { createTranslator } from "./translator.ts";

/** The shared catalogue with the messages sent by SMS and email, zh-HK: to admins, and to members for now. */
const catalogue = { ...shared, ...noticesCatalogue, ...adminNoticesCatalogue } as const;

export const t = createTranslator(catalogue).t;
