import * as z from "zod/mini";
import { messageKeys } from "../shared/validation.ts";

/**
 * The pickup console's forms (issue 31 item 2), one schema each for the browser and the server. In
 * zod/mini, as the storefront's forms are: /pickup is not the back office and counts toward the
 * pages' JavaScript budget (the browser loads these after hydration).
 */

export const PICKUP_REASON_MAX = 200;

/** The search box and the scanner both land here: `q` is what was typed or read. */
export const pickupSearchSchema = z.object({
  q: z
    .string(messageKeys.required)
    .check(z.trim(), z.minLength(1, messageKeys.required), z.maxLength(200, messageKeys.tooLong)),
});

/** The ticked lines (one checkbox arrives as a string, several as a list), as line ids. */
const missingLines = z.pipe(
  z.optional(z.union([z.string(), z.array(z.string())])),
  z.transform((value, ctx) => {
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (list.length === 0 || list.length > 200 || list.some((id) => !/^[1-9]\d{0,14}$/.test(id))) {
      ctx.issues.push({ code: "custom", message: "pickup.validation.missing", input: value });
      return z.NEVER;
    }
    return list.map(Number);
  }),
);

/** Collected with lines missing: which lines, why; written only once staff confirm. */
export const pickupMissingSchema = z.object({
  intent: z.literal("missing"),
  missing: missingLines,
  reason: z
    .string("pickup.validation.reason")
    .check(
      z.trim(),
      z.minLength(1, "pickup.validation.reason"),
      z.maxLength(PICKUP_REASON_MAX, messageKeys.tooLong),
    ),
  /** Set by the confirmation step: nothing is written until staff confirm the missing lines. */
  confirmed: z.optional(z.literal("yes")),
});

/** An order's two actions on /pickup/order/:code: collected, or collected with lines missing. */
export const pickupCollectSchema = z.union([z.object({ intent: z.literal("collect") }), pickupMissingSchema]);

export type PickupCollectForm = z.output<typeof pickupCollectSchema>;
