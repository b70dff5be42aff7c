/** The pickup area's modules that other areas use; they import nothing else of it. */
export * from "./pickup-console.ts";
