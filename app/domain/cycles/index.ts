/** The cycles area's rules that other areas use; they import nothing else of it. */
export * from "./cycle-report.ts";
