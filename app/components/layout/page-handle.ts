import type { SentKey } from "~/i18n/keys.ts";
import type { MessagesHandle } from "~/i18n/load-messages.ts";

/**
 * Per-route layout rules of SPEC §2, read by the shop layout through `useMatches`, and the message
 * groups the page shows (decision 0054).
 */
export interface PageHandle extends MessagesHandle {
  /** Hide header, side menu and footer (/prelaunch, /success-registration, /whole-piece, /whole-piece-abs, /cooperation). */
  hideNav?: boolean;
  /** Show a title bar with this message (its key): /terms-and-conditions, /qa, /survey. */
  titleBar?: SentKey;
  /** A page background of its own (/guide, /referral, /success-registration, /about). */
  background?: "guide" | "referral" | "welcome" | "about";
  /**
   * Pages whose prices and buttons run to the screen's edge (cart, checkout, payment, receipt): the
   * WhatsApp button sits at the end of the page instead of floating over them (issue 27).
   */
  chatInline?: boolean;
}

export const backgroundClass: Record<NonNullable<PageHandle["background"]>, string> = {
  guide: "bg-gradient-to-b from-amber-50 to-orange-50",
  referral: "bg-gradient-to-b from-rose-50 to-amber-50",
  welcome: "bg-gradient-to-b from-brand-100 to-brand-50",
  about: "bg-gradient-to-b from-emerald-50 to-stone-50",
};
