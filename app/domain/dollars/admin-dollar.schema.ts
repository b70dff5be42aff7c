import { z } from "zod";
import { roundHalfUp } from "../shared/money.ts";
import { isHkPhone, normalizeHkPhone } from "../shared/phone.ts";
import { messageKeys, requiredText } from "../shared/validation.ts";
import { type LedgerReason, ledgerReasons } from "./ledger-reasons.ts";

/**
 * /admin/dollar (DESIGN §4.10): an admin adds or deducts dDollar for a member found by phone or
 * member id, with a reason. SPEC §7: the sum is rounded to cents ("12.345" → $12.35).
 */

/** $10,000 at a time: far above any goodwill credit, and a typo's upper bound. */
const DOLLAR_ADJUST_MAX_CENTS = 1_000_000;
export const DOLLAR_NOTE_MAX = 200;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member as typed: a Hong Kong phone (8 digits, +852 optional) or a member id (uuid). */
const memberRef = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform((text, ctx): { id: string } | { phone: string } => {
    if (uuidPattern.test(text)) return { id: text.toLowerCase() };
    const phone = normalizeHkPhone(text);
    if (isHkPhone(phone)) return { phone };
    ctx.addIssue({ code: "custom", message: "admin.dollar.validation.member" });
    return z.NEVER;
  });

/** Dollars with any number of decimals, rounded half up to cents; positive and within the cap. */
const amount = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform((text, ctx) => {
    const bare = text.replace(/^(HK)?\$\s*/i, "").replaceAll(",", "");
    const value = /^\d*\.?\d+$|^\d+\.$/.test(bare) ? Number(bare) : Number.NaN;
    const cents = Number.isFinite(value) ? roundHalfUp(value * 100) : Number.NaN;
    if (!Number.isFinite(cents) || cents <= 0) {
      ctx.addIssue({ code: "custom", message: "admin.dollar.validation.amount" });
      return z.NEVER;
    }
    if (cents > DOLLAR_ADJUST_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: "admin.dollar.validation.tooLarge" });
      return z.NEVER;
    }
    return cents;
  });

export const dollarAdjustSchema = z.object({
  member: memberRef,
  direction: z.enum(["add", "deduct"], { error: messageKeys.required }),
  amount,
  note: requiredText(DOLLAR_NOTE_MAX),
  /** The form's key: a double submit records one adjustment. */
  key: z.string().regex(uuidPattern),
});

/** /admin/dollar?q=&reason=&page= */
export function parseDollarFilters(params: URLSearchParams): { reason: LedgerReason | undefined } {
  const reason = params.get("reason");
  return {
    reason:
      reason && (ledgerReasons as readonly string[]).includes(reason) ? (reason as LedgerReason) : undefined,
  };
}
