import { z } from "zod";
import { fromHkLocalInput } from "./admin-hk-time.ts";
import { PAYME_CLAIM_HOURS_MAX, PAYME_CLAIM_HOURS_MIN } from "./orders.ts";
import { isHkPhone } from "./phone.ts";
import { messageKeys, requiredText } from "./validation.ts";

/** The top banner rotates one short line at a time (SPEC §2), so keep lines short and few. */
export const TOP_BANNER_MAX_LINES = 10;
export const TOP_BANNER_MAX_LENGTH = 80;

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

/** One line per banner text; blank lines are dropped. */
const bannerLines = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const lines = (text ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length > TOP_BANNER_MAX_LINES) {
      ctx.addIssue({ code: "custom", message: "admin.validation.bannerCount" });
    }
    if (lines.some((line) => line.length > TOP_BANNER_MAX_LENGTH)) {
      ctx.addIssue({ code: "custom", message: "admin.validation.bannerLength" });
    }
    return lines;
  });

/** Whole hours a PayMe claim waits for the shop's confirmation (decision 0025). */
const paymeClaimHours = z
  .number({ error: messageKeys.number })
  .int("admin.validation.paymeClaimHours")
  .min(PAYME_CLAIM_HOURS_MIN, "admin.validation.paymeClaimHours")
  .max(PAYME_CLAIM_HOURS_MAX, "admin.validation.paymeClaimHours");

/** /admin/settings (DESIGN §4.15): one schema for Conform in the browser and the action. */
export const siteSettingsSchema = z.object({
  maintenance: z.boolean().default(false),
  reopenAt: hkDateTime,
  shopName: requiredText(40),
  supportWhatsapp: whatsappNumber,
  topBanners: bannerLines,
  facebookUrl: webAddress,
  instagramUrl: webAddress,
  paymeClaimHours,
});

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
