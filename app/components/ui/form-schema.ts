/**
 * The storefront's lazy door to the form parser (`form-parse.ts`): pages load it with `import()`
 * after hydration (`useLazyValidation`). Only ever imported dynamically, so the build keeps it a
 * chunk of its own; the back office imports `form-parse.ts` directly.
 */
export { parseForm } from "~/web/form-parse.ts";
