import { locationPage } from "../catalogue/en/location.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./location.zh-HK.ts";

/** The English messages of the `location` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...locationPage } satisfies Mirror<typeof zh>;
