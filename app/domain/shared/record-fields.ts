import { z } from "zod";
import { type DollarsError, PRICE_MAX_CENTS, parseDollars } from "./dollar-amounts.ts";
import type { Cents } from "./money.ts";
import { messageKeys } from "./validation.ts";

/** Fields every back-office form shares: record ids, image addresses and prices. */

/** An uploaded file's address ("/uploads/…") or an https address of an image elsewhere. */
export function isImageAddress(value: string): boolean {
  if (/^\/(?!\/)[\w\-./%]+$/.test(value)) return !value.includes("..");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The largest id PostgreSQL's `integer` (serial) column holds. */
const MAX_RECORD_ID = 2_147_483_647;

/** Whether a number can be a row's id: a whole number from 1 to what the id column holds. */
export function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID;
}

/** A row id from a hidden field or a select; anything else is not a record we know. */
export const recordId = z.coerce
  .number<number>({ error: messageKeys.required })
  .int(messageKeys.required)
  .min(1, messageKeys.required)
  .max(MAX_RECORD_ID, messageKeys.required);

/** Reads an id from the address (`/admin/merchant/12`); null for anything that cannot be one. */
export function parseRecordId(value: string | null | undefined): number | null {
  if (value == null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return isRecordId(id) ? id : null;
}

/** What fields sharing a name send: none, one (a string) or several. */
const asList = (value: unknown) =>
  value === undefined || value === "" ? undefined : Array.isArray(value) ? value : [value];

/**
 * A list `schema` reads from fields sharing a name (ticked checkboxes, repeated inputs): one value
 * arrives as a string and none at all as nothing, so both are made lists before `schema` checks
 * them (what Conform's zod adapter did by type for the back office's schemas).
 */
export function list<Schema extends z.ZodType>(schema: Schema): Schema {
  // Typed as `schema` itself: a form's default values and a service's input are the list it reads.
  return z.preprocess(asList, schema) as unknown as Schema;
}

/** An optional picture field: an uploaded file's or an https address (isImageAddress). */
export const imageAddress = z
  .string()
  .trim()
  .max(500, messageKeys.tooLong)
  .refine(isImageAddress, "admin.validation.imageAddress")
  .optional();

const dollarsErrorKeys = {
  number: messageKeys.number,
  negative: "admin.validation.negative",
  decimals: "admin.validation.moneyDecimals",
  tooLarge: "admin.validation.tooLarge",
} as const satisfies Record<DollarsError, string>;

/** Dollars as typed ("15", "12.5", "$20") to cents up to `max`; otherwise the form's message why not. */
export function dollarsToCents(text: string, max: Cents, ctx: z.RefinementCtx): Cents {
  const parsed = parseDollars(text);
  if (parsed.ok && parsed.cents <= max) return parsed.cents;
  ctx.addIssue({
    code: "custom",
    message: parsed.ok ? "admin.validation.tooLarge" : dollarsErrorKeys[parsed.error],
  });
  return z.NEVER;
}

/** A required price field, in cents when it leaves the schema (DESIGN §4.1). */
export const dollars = (max: Cents = PRICE_MAX_CENTS) =>
  z.string({ error: messageKeys.required }).transform((text, ctx) => dollarsToCents(text, max, ctx));
