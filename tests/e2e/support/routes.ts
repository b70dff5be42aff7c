/** The storefront routes of issue 2 and the layout rules SPEC §2 gives each of them. */
export interface RouteRules {
  path: string;
  /** Navigation hidden: no banner, header, side menu or footer. */
  bare?: boolean;
  titleBar?: boolean;
  /** A page background of its own. */
  background?: boolean;
}

export const shopRoutes: RouteRules[] = [
  { path: "/" },
  { path: "/about", background: true },
  { path: "/guide", background: true },
  { path: "/qa", titleBar: true },
  { path: "/terms-and-conditions", titleBar: true },
  { path: "/referral", background: true },
  { path: "/location" },
  { path: "/cooperation", bare: true },
  { path: "/survey", titleBar: true },
  { path: "/prelaunch", bare: true },
  { path: "/success-registration", bare: true, background: true },
  { path: "/whole-piece", bare: true },
  { path: "/whole-piece-abs", bare: true },
];

/** A page with the ordinary shop layout and no extras, to host the shell journeys (not / : its popup covers the page). */
export const plainPage = "/location";
