import { about } from "./pages/about.ts";
import { guide } from "./pages/guide.ts";
import { landing } from "./pages/landing.ts";
import { qa } from "./pages/qa.ts";
import { referral } from "./pages/referral.ts";
import { terms } from "./pages/terms.ts";
import { wholePiece } from "./pages/whole-piece.ts";

/** Titles, descriptions and texts of the content pages (about, guide, qa, terms, referral, landing pages). */
export const pages = {
  ...about,
  ...guide,
  ...qa,
  ...terms,
  ...referral,
  ...landing,
  ...wholePiece,
} as const;
