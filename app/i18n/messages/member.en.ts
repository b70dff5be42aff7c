import { authPages } from "../catalogue/en/auth-pages.ts";
import { hkPlaces } from "../catalogue/en/hk-places.ts";
import type { Mirror } from "../catalogue/en/mirror.ts";
import { unsubscribe } from "../catalogue/en/unsubscribe.ts";
import { welcome } from "../catalogue/en/welcome.ts";
import type { messages as zh } from "./member.zh-HK.ts";

/** The English messages of the `member` group (decision 0054): the same keys as its zh-HK file. */
export const messages = {
  ...authPages,
  ...hkPlaces,
  ...welcome,
  ...unsubscribe,
} satisfies Mirror<typeof zh>;
