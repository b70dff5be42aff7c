/** The cycles area's modules that other areas use; they import nothing else of it. */

export * from "./settlement-rules.server.ts";
