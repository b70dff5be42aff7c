/** The dollars area's rules that other areas use; they import nothing else of it. */
export * from "./ledger-reasons.ts";
