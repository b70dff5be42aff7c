import { aboutText } from "../catalogue/pages/about.ts";
import { foodRangesText } from "../catalogue/pages/food-ranges.ts";
import { prelaunchText } from "../catalogue/pages/prelaunch.ts";
import { wholePieceText } from "../catalogue/pages/whole-piece.ts";
import { pages } from "../catalogue/pages.ts";

/** The zh-HK messages of the `pages` group: the shorter content pages (about, prelaunch, the whole-cut shops). */
export const messages = { ...pages, ...aboutText, ...foodRangesText, ...prelaunchText, ...wholePieceText };
