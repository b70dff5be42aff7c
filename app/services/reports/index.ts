/** The reports area's modules that other areas use; they import nothing else of it. */
export * from "./sales-dashboard.server.ts";
