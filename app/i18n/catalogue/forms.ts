/** Cooperation (supplier enquiry) and survey forms. */
export const forms = {} as const;
