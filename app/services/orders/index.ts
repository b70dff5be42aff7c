/** The orders area's modules that other areas use; they import nothing else of it. */

export * from "./expire-orders.server.ts";
export * from "./order-state.server.ts";
export * from "./orders-admin.server.ts";
export * from "./place-order.server.ts";
export * from "./stock.server.ts";
