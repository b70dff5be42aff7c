import type { Mirror } from "../catalogue/en/mirror.ts";
import { termsText } from "../catalogue/en/pages/terms.ts";
import type { messages as zh } from "./terms.zh-HK.ts";

/** The English messages of the `terms` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...termsText } satisfies Mirror<typeof zh>;
