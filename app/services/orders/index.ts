/** The orders area's modules that other areas use; they import nothing else of it. */

export * from "./orders.server.ts";
export * from "./orders-admin.server.ts";
