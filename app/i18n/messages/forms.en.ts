import { forms } from "../catalogue/en/forms.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./forms.zh-HK.ts";

/** The English messages of the `forms` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...forms } satisfies Mirror<typeof zh>;
