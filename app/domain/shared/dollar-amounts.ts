/**
 * Prices as admins type them and files carry them (DESIGN §4.1: integer cents inside). Apart from
 * money.ts so the storefront, which only formats money, does not ship the parser.
 */
import type { Checked } from "./checked.ts";
import type { Cents } from "./money.ts";

/** The most a price may be: HK$1,000,000.00. */
export const PRICE_MAX_CENTS = 100_000_000;

export type DollarsError = "number" | "negative" | "decimals" | "tooLarge";
export type DollarsParse = Checked<{ cents: Cents }, DollarsError>;

/**
 * Dollars as people type them ("12.5", "$1,200", "HK$ 3", ".5", "+4") to integer cents, by the
 * digits (no floating point). Three decimals are refused rather than rounded behind the admin's
 * back. Used by every form and file that takes a price.
 */
export function parseDollars(text: string): DollarsParse {
  const bare = text.replace(/^\s*(HK)?\$\s*/i, "").replace(/\s/g, "");
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare) ? bare.replaceAll(",", "") : bare;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!match || (match[2] === "" && !match[3])) return { ok: false, error: "number" };
  const [, sign, whole = "", fraction = ""] = match;
  if (sign === "-" && /[1-9]/.test(whole + fraction)) return { ok: false, error: "negative" };
  if (fraction.length > 2) return { ok: false, error: "decimals" };
  if (whole.replace(/^0+/, "").length > 7) return { ok: false, error: "tooLarge" };
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > PRICE_MAX_CENTS) return { ok: false, error: "tooLarge" };
  return { ok: true, cents };
}

/** Cents as plain dollars for a form field or a CSV cell: 1250 → "12.50" (no symbol, no commas). */
export function centsToDollars(cents: Cents): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
