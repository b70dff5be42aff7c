import { authPages } from "../catalogue/auth-pages.ts";
import { hkPlaces } from "../catalogue/hk-places.ts";
import { unsubscribe } from "../catalogue/unsubscribe.ts";
import { welcome } from "../catalogue/welcome.ts";

/** The zh-HK messages of the `member` group (decision 0054): a chunk of its own, loaded by the pages that name it. */
export const messages = { ...authPages, ...hkPlaces, ...welcome, ...unsubscribe };
