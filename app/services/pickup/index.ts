/** The pickup area's modules that other areas use; they import nothing else of it. */
export * from "./pickup-admin.server.ts";
export * from "./pickup-console.server.ts";
export * from "./pickup-staff.server.ts";
