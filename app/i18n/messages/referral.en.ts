import type { Mirror } from "../catalogue/en/mirror.ts";
import { referralText } from "../catalogue/en/pages/referral.ts";
import { referral } from "../catalogue/en/referral.ts";
import type { messages as zh } from "./referral.zh-HK.ts";

/** The English messages of the `referral` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...referralText, ...referral } satisfies Mirror<typeof zh>;
