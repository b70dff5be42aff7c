export * from "./catalogue.ts";
export * from "./members.ts";
export * from "./messages.ts";
export * from "./pickup.ts";
export * from "./site.ts";
