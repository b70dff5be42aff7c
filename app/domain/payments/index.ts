/** The payments area's modules that other areas use; they import nothing else of it. */
export * from "./fps-qr.ts";
export * from "./offered-methods.ts";
