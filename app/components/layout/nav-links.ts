import type { ShellKey as MessageKey } from "~/i18n/keys.ts";

/** The guide/about/referral/FAQ links of the secondary bar and the side menu's top links. */
export const infoLinks: { to: string; label: MessageKey }[] = [
  { to: "/guide", label: "nav.guide" },
  { to: "/about", label: "nav.about" },
  { to: "/referral", label: "nav.referral" },
  { to: "/qa", label: "nav.qa" },
];

export const footerLinks: { to: string; label: MessageKey }[] = [
  { to: "/guide", label: "nav.guide" },
  { to: "/location", label: "nav.location" },
  { to: "/about", label: "nav.about" },
  { to: "/referral", label: "nav.referral" },
  { to: "/qa", label: "nav.qa" },
  { to: "/terms-and-conditions", label: "nav.terms" },
];

/** "Selected shops" in the side menu (SPEC §2). */
export const selectedShops: { to: string; label: MessageKey }[] = [
  { to: "/product?cat=set-meals", label: "menu.setMeals" },
  { to: "/whole-piece", label: "menu.wholeBeef" },
  { to: "/whole-piece-abs", label: "menu.wholePork" },
  { to: "/product?cat=frozen&subcat=imported-frozen", label: "menu.importedFrozen" },
];
