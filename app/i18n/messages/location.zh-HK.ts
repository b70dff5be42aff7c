import { locationPage } from "../catalogue/location.ts";

/** The zh-HK messages of the `location` group: the pickup points page. */
export const messages = { ...locationPage };
