import { referralText } from "../catalogue/pages/referral.ts";
import { referral } from "../catalogue/referral.ts";

/** The zh-HK messages of the `referral` group: the referral programme page and a member's share links. */
export const messages = { ...referralText, ...referral };
