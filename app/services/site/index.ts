/** The site area's modules that other areas use; they import nothing else of it. */
export * from "./content.server.ts";
export * from "./site.server.ts";
