import * as z from "zod/mini";
import { hkAreaNames, isDistrictOf } from "../shared/hk-districts.ts";
import { locales } from "../shared/locales.ts";
import {
  checkbox,
  hkPhone,
  messageKeys,
  optionalEmail,
  optionalText,
  requiredText,
} from "../shared/validation.ts";
import { genders } from "./genders.ts";
import { isReferrerKey, normalizeReferrer } from "./referral.ts";

const codeSchema = z
  .string(messageKeys.required)
  .check(z.trim(), z.minLength(1, messageKeys.required), z.regex(/^\d{6}$/, "validation.code"));

export const sendCodeSchema = z.object({ phone: hkPhone });

export const loginSchema = z.object({ phone: hkPhone, code: codeSchema });

const profileFields = {
  firstName: requiredText(40),
  lastName: requiredText(40),
  // Every notice goes by SMS (issue 47 item 9): an email is optional, and checked when given.
  email: optionalEmail,
  gender: z.optional(z.enum(genders)),
  area: z.optional(z.enum(hkAreaNames as [string, ...string[]])),
  adminDistrict: optionalText(20),
  district: optionalText(60),
  agreePromotion: checkbox,
  // A phone typed by the member, or the referral code a share link filled in (DESIGN §4.11).
  referrer: z.optional(
    z.pipe(z.string(), z.transform(normalizeReferrer)).check(z.refine(isReferrerKey, messageKeys.phone)),
  ),
};

const districtMatchesArea = z.refine<{ area?: string; adminDistrict?: string }>(
  (value) =>
    !value.adminDistrict || (value.area !== undefined && isDistrictOf(value.area, value.adminDistrict)),
  { path: ["adminDistrict"], error: "validation.district" },
);

/** SPEC §5: the referrer may not be the member's own number (checked here and again on the server). */
export const registerSchema = z.object({ phone: hkPhone, code: codeSchema, ...profileFields }).check(
  districtMatchesArea,
  z.refine((value) => value.referrer === undefined || value.referrer !== value.phone, {
    path: ["referrer"],
    error: "toast.referrerSelf",
  }),
);
export type RegisterInput = z.output<typeof registerSchema>;

/** The profile also keeps the language the member reads (issue 48): their SMS and emails follow it. */
export const profileSchema = z
  .object({ ...profileFields, locale: z.optional(z.enum(locales)) })
  .check(districtMatchesArea);
export type ProfileInput = z.output<typeof profileSchema>;
