import { forms } from "../catalogue/forms.ts";

/** The zh-HK messages of the `forms` group: the supplier enquiry (/cooperation) and the survey. */
export const messages = { ...forms };
