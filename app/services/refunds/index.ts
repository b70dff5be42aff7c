/** The refunds area's modules that other areas use; they import nothing else of it. */
export * from "./refund-writes.server.ts";
export * from "./refunds.server.ts";
