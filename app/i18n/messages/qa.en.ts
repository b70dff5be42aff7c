import type { Mirror } from "../catalogue/en/mirror.ts";
import { qaText } from "../catalogue/en/pages/qa.ts";
import type { messages as zh } from "./qa.zh-HK.ts";

/** The English messages of the `qa` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...qaText } satisfies Mirror<typeof zh>;
