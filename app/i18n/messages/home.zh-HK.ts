import { home } from "../catalogue/home.ts";

/** The zh-HK messages of the `home` group: the home page's own words (decision 0054): a small chunk, the storefront's most visited page. */
export const messages = { ...home };
