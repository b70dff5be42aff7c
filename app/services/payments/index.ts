/** The payments area's modules that other areas use; they import nothing else of it. */
export * from "./kept-payments.server.ts";
export * from "./payments.server.ts";
