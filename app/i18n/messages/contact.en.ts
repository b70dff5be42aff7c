import { contact } from "../catalogue/en/contact.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./contact.zh-HK.ts";

/** The English messages of the `contact` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...contact } satisfies Mirror<typeof zh>;
