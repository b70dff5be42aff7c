/** The English catalogue: one file per zh-HK area file, with the same keys (decision 0054). */
export { auth } from "./auth.ts";
export { productCatalogue } from "./catalogue.ts";
export { common } from "./common.ts";
export { content } from "./content.ts";
export { formats } from "./formats.ts";
export { productDrawerCatalogue } from "./product-drawer.ts";
export { shareCatalogue } from "./share.ts";
export { shell } from "./shell.ts";
export { shellFrame } from "./shell-frame.ts";
export { toasts } from "./toasts.ts";
