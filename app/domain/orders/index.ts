/** The orders area's modules that other areas use; they import nothing else of it. */

export * from "./order-states.ts";
export * from "./orders.ts";
