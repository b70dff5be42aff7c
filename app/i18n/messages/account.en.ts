import { accountCatalogue } from "../catalogue/en/account.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./account.zh-HK.ts";

/** The English messages of the `account` group: the same keys as its zh-HK file. */
export const messages = { ...accountCatalogue } satisfies Mirror<typeof zh>;
