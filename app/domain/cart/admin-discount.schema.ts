import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import { fromHkLocalInput } from "../shared/hk-time.ts";
import type { Cents } from "../shared/money.ts";
import { dollarsToCents } from "../shared/record-fields.ts";
import { checkbox, messageKeys } from "../shared/validation.ts";

/**
 * /admin/discount (DESIGN §4.12, issue 5 item 6): one schema for the add and edit form, in the
 * browser and in the action. Codes are case-insensitive, so they are kept in capitals; the
 * database's unique index on lower(code) is the final word on "already taken".
 */

export const DISCOUNT_CODE_MAX = 30;
export const DISCOUNT_DESCRIPTION_MAX = 200;
/** A use limit far above any campaign, and a typo's upper bound. */
const DISCOUNT_LIMIT_MAX = 1_000_000;
/** $100,000 minimum items amount at most. */
const DISCOUNT_MIN_ITEMS_MAX_CENTS = 10_000_000;

const CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/;

const code = z
  .string({ error: messageKeys.required })
  .trim()
  .transform((text) => text.toUpperCase())
  .refine((text) => text.length > 0, messageKeys.required)
  .refine((text) => text.length === 0 || CODE_PATTERN.test(text), "admin.discount.validation.code");

const wholeCount = z.coerce
  .number<number>({ error: messageKeys.number })
  .int("admin.discount.validation.limit")
  .min(1, "admin.discount.validation.limit")
  .max(DISCOUNT_LIMIT_MAX, "admin.discount.validation.limit");

/** Dollars as typed ("200", "$199.50") to cents; blank means no minimum. */
const minItems = z
  .string()
  .optional()
  .transform(
    (text, ctx): Cents =>
      text === undefined || text.trim() === "" ? 0 : dollarsToCents(text, DISCOUNT_MIN_ITEMS_MAX_CENTS, ctx),
  );

/** A datetime-local value read as Hong Kong time; blank means "no limit on this side". */
const hkDateTime = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const instant = fromHkLocalInput(value);
    if (instant) return instant;
    ctx.addIssue({ code: "custom", message: "admin.validation.dateTime" });
    return z.NEVER;
  });

export const discountCodeSchema = z
  .object({
    code,
    description: z.string().trim().max(DISCOUNT_DESCRIPTION_MAX, messageKeys.tooLong).optional().default(""),
    /** Percentage of the items amount the member pays: 90 = pay 90% (10% off). */
    percentageDiscount: z.coerce
      .number<number>({ error: messageKeys.number })
      .int("admin.discount.validation.percentage")
      .min(0, "admin.discount.validation.percentage")
      .max(100, "admin.discount.validation.percentage"),
    minItems,
    /** Uses of the code across all members; blank = unlimited. */
    totalLimit: wholeCount.optional(),
    /** Uses by one member; blank = unlimited. */
    perMemberLimit: wholeCount.optional(),
    startsAt: hkDateTime,
    endsAt: hkDateTime,
    active: checkbox,
  })
  .superRefine((value, ctx) => {
    if (value.startsAt && value.endsAt && value.endsAt.getTime() <= value.startsAt.getTime()) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "admin.discount.validation.window" });
    }
  });

export type DiscountCodeInput = z.output<typeof discountCodeSchema>;

/** The code's columns from the form (cents already; blanks become null). */
export function discountCodeValues(input: DiscountCodeInput) {
  return {
    code: input.code,
    description: input.description,
    percentageDiscount: input.percentageDiscount,
    minItemsCents: input.minItems,
    totalLimit: input.totalLimit ?? null,
    perMemberLimit: input.perMemberLimit ?? null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    active: input.active,
  };
}

export const discountStatusFilters = ["all", "active", "inactive"] as const;
type DiscountStatusFilter = (typeof discountStatusFilters)[number];

export interface DiscountListQuery extends TableState {
  status: DiscountStatusFilter;
}

/** `/admin/discount?q=&status=&page=` */
export function parseDiscountListQuery(params: URLSearchParams): DiscountListQuery {
  const status = params.get("status");
  return {
    ...parseTableState(params),
    status: discountStatusFilters.find((value) => value === status) ?? "all",
  };
}
