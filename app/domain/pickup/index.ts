/** The pickup area's modules that other areas use; they import nothing else of it. */
export { type PickupArea, pickupAreaNamesEn } from "./admin-pickup.schema.ts";
export * from "./pickup-console.ts";
