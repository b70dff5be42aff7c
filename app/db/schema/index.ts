export * from "./catalogue.ts";
export * from "./cycles.ts";
export * from "./members.ts";
export * from "./messages.ts";
export * from "./orders.ts";
export * from "./pickup.ts";
export * from "./products.ts";
export * from "./site.ts";
