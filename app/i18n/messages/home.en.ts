import { home } from "../catalogue/en/home.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import type { messages as zh } from "./home.zh-HK.ts";

/** The English messages of the `home` group (decision 0054): the same keys as its zh-HK file. */
export const messages = { ...home } satisfies Mirror<typeof zh>;
