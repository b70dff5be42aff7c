/** Titles, descriptions and texts of the content pages (about, guide, qa, terms, referral, landing pages). */
export const pages = {} as const;
