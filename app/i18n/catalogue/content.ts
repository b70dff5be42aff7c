/** Page titles, descriptions and short texts of the content pages. */
export const content = {
  "page.home.title": "齊齊買 | 香港社區團購",
  "page.home.description":
    "齊齊買：香港社區團購平台。肉類、急凍、新鮮蔬果、乾貨及即食食品，湊夠人數享成團價，於社區自取點取貨。",
} as const;
