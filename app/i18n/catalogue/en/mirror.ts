import type { Message } from "../../format.ts";

/**
 * An English catalogue file has exactly the keys of its zh-HK source (`satisfies Mirror<typeof
 * zh>`: a missing or extra key fails `tsc`); a value may have plural forms.
 */
export type Mirror<Source> = { [Key in keyof Source]: Message };
