import { z } from "zod";
import { genders } from "./genders.ts";
import { hkAreaNames, isDistrictOf } from "./hk-districts.ts";
import { email, hkPhone, messageKeys, optionalHkPhone, optionalText, requiredText } from "./validation.ts";

export const codeSchema = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .regex(/^\d{6}$/, "validation.code");

export const sendCodeSchema = z.object({ phone: hkPhone });

export const loginSchema = z.object({ phone: hkPhone, code: codeSchema });

const profileFields = {
  firstName: requiredText(40),
  lastName: requiredText(40),
  email,
  gender: z.enum(genders).optional(),
  area: z.enum(hkAreaNames).optional(),
  adminDistrict: optionalText(20),
  district: optionalText(60),
  agreePromotion: z.boolean().default(false),
  referrer: optionalHkPhone,
};

function districtMatchesArea(value: { area?: string; adminDistrict?: string }) {
  return !value.adminDistrict || (value.area !== undefined && isDistrictOf(value.area, value.adminDistrict));
}

/** SPEC §5: the referrer may not be the member's own number (checked here and again on the server). */
export const registerSchema = z
  .object({ phone: hkPhone, code: codeSchema, ...profileFields })
  .refine(districtMatchesArea, { path: ["adminDistrict"], message: "validation.district" })
  .refine((value) => value.referrer === undefined || value.referrer !== value.phone, {
    path: ["referrer"],
    message: "toast.referrerSelf",
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const profileSchema = z
  .object(profileFields)
  .refine(districtMatchesArea, { path: ["adminDistrict"], message: "validation.district" });
export type ProfileInput = z.infer<typeof profileSchema>;
