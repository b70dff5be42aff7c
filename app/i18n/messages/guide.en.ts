import type { Mirror } from "../catalogue/en/mirror.ts";
import { guideText } from "../catalogue/en/pages/guide.ts";
import { weighingText } from "../catalogue/en/pages/weighing.ts";
import type { messages as zh } from "./guide.zh-HK.ts";

/** The English messages of the `guide` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...guideText, ...weighingText } satisfies Mirror<typeof zh>;
