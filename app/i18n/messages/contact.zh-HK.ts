import { contact } from "../catalogue/contact.ts";

/** The zh-HK messages of the `contact` group: the contact form, on /contact, /qa and /account. */
export const messages = { ...contact };
