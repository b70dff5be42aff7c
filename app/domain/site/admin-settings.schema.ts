import { z } from "zod";
import { PAYME_CLAIM_HOURS_MAX, PAYME_CLAIM_HOURS_MIN } from "../orders/index.ts";
import { parseFpsIdentifier } from "../payments/index.ts";
import { fromHkLocalInput } from "../shared/hk-time.ts";
import { isHkPhone } from "../shared/phone.ts";
import { checkbox, messageKeys, requiredText } from "../shared/validation.ts";
import { CARD_FEE_MAX_BASIS_POINTS, REFERRAL_MAX_PERCENT } from "./shop-rates.ts";

/** WhatsApp wants the number with its country code; a bare 8-digit number is taken as Hong Kong. */
const whatsappNumber = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform((value) => value.replace(/[\s()+-]/g, ""))
  .transform((digits) => (isHkPhone(digits) ? `852${digits}` : digits))
  .refine((digits) => /^\d{10,15}$/.test(digits), "admin.validation.whatsapp");

const webAddress = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .max(300, messageKeys.tooLong)
  .pipe(z.url({ protocol: /^https?$/, error: "admin.validation.url" }));

/** A datetime-local value read as Hong Kong time (DESIGN §3). */
export const hkDateTime = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform((value, ctx) => {
    const instant = fromHkLocalInput(value);
    if (instant) return instant;
    ctx.addIssue({ code: "custom", message: "admin.validation.dateTime" });
    return z.NEVER;
  });

/**
 * The card fee as typed in percent ("1.5", "1.50%") to basis points (150): up to two decimals,
 * from 0 (no fee) to CARD_FEE_MAX_BASIS_POINTS.
 */
const cardFeePercent = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform((text, ctx) => {
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text);
    if (!match) {
      ctx.addIssue({
        code: "custom",
        message: /^\d+\.\d{3,}\s*%?$/.test(text) ? "admin.validation.percentDecimals" : messageKeys.number,
      });
      return z.NEVER;
    }
    const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (basisPoints > CARD_FEE_MAX_BASIS_POINTS) {
      ctx.addIssue({ code: "custom", message: "admin.validation.cardFeeRange" });
      return z.NEVER;
    }
    return basisPoints;
  });

/** Whole hours a PayMe claim waits for the shop's confirmation (decision 0025). */
const paymeClaimHours = z.coerce
  .number<number>({ error: messageKeys.number })
  .int("admin.validation.paymeClaimHours")
  .min(PAYME_CLAIM_HOURS_MIN, "admin.validation.paymeClaimHours")
  .max(PAYME_CLAIM_HOURS_MAX, "admin.validation.paymeClaimHours");

const fpsReasons = {
  fpsIdLength: "admin.validation.fpsIdLength",
  mobile: "admin.validation.fpsMobile",
  email: "admin.validation.fpsEmail",
  format: "admin.validation.fpsFormat",
} as const;

/**
 * The shop's FPS identifier (issue 31): an FPS ID, a Hong Kong mobile or an email, kept as the QR
 * code carries it; empty (null) takes FPS off the payment page. A bad one is refused with the reason.
 */
const fpsIdentifier = z
  .string()
  .trim()
  .max(100, messageKeys.tooLong)
  .optional()
  .transform((text, ctx) => {
    if (!text) return null;
    const parsed = parseFpsIdentifier(text);
    if (parsed.ok) return parsed.proxy.value;
    ctx.addIssue({ code: "custom", message: fpsReasons[parsed.error] });
    return z.NEVER;
  });

/** The account's name as members read it beside the identifier; needed when FPS is on. */
const fpsAccountName = z
  .string()
  .trim()
  .max(60, messageKeys.tooLong)
  .optional()
  .transform((text) => text || null);

/** A whole percentage of the first purchase, 0 (no reward) to REFERRAL_MAX_PERCENT. */
const referralPercent = z.coerce
  .number<number>({ error: messageKeys.number })
  .int("admin.validation.referralRange")
  .min(0, "admin.validation.referralRange")
  .max(REFERRAL_MAX_PERCENT, "admin.validation.referralRange");

/** /admin/settings (DESIGN §4.15): one schema for Conform in the browser and the action. */
export const siteSettingsSchema = z
  .object({
    maintenance: checkbox,
    reopenAt: hkDateTime,
    shopName: requiredText(40),
    supportWhatsapp: whatsappNumber,
    /** Basis points (150 = 1.5%): added to what is paid by card (DESIGN §4.5). */
    cardFeePercent,
    /** Each side's share of a referee's first purchase, in dDollar (DESIGN §4.8). */
    referralPercent,
    facebookUrl: webAddress,
    instagramUrl: webAddress,
    paymeClaimHours,
    fpsIdentifier,
    fpsAccountName,
  })
  .superRefine((value, ctx) => {
    if (value.fpsIdentifier && !value.fpsAccountName)
      ctx.addIssue({ code: "custom", path: ["fpsAccountName"], message: "admin.validation.fpsAccountName" });
    if (!value.fpsIdentifier && value.fpsAccountName)
      ctx.addIssue({
        code: "custom",
        path: ["fpsIdentifier"],
        message: "admin.validation.fpsIdentifierMissing",
      });
  });

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
