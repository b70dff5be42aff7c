import { guideText } from "../catalogue/pages/guide.ts";
import { weighingText } from "../catalogue/pages/weighing.ts";

/** The zh-HK messages of the `guide` group: the group-buying guide and the worked examples it shares with the whole-cut pages. */
export const messages = { ...guideText, ...weighingText };
