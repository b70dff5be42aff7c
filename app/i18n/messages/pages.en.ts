import type { Mirror } from "../catalogue/en/mirror.ts";
import { aboutText } from "../catalogue/en/pages/about.ts";
import { foodRangesText } from "../catalogue/en/pages/food-ranges.ts";
import { prelaunchText } from "../catalogue/en/pages/prelaunch.ts";
import { wholePieceText } from "../catalogue/en/pages/whole-piece.ts";
import { pages } from "../catalogue/en/pages.ts";
import type { messages as zh } from "./pages.zh-HK.ts";

/** The English messages of the `pages` group (decision 0054): the same keys as its zh-HK file. */
export const messages = {
  ...pages,
  ...aboutText,
  ...foodRangesText,
  ...prelaunchText,
  ...wholePieceText,
} satisfies Mirror<typeof zh>;
