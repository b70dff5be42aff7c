/** The dollars area's modules that other areas use: the only way into the ledger. */
export * from "./ledger.server.ts";
