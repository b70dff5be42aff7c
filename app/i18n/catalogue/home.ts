/** Home page and pickup points page texts. */
export const home = {} as const;
