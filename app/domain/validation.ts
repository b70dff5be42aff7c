import { z } from "zod";
import { isHkPhone, normalizeHkPhone } from "./phone.ts";

/**
 * Error messages are catalogue keys (app/i18n); the edge turns them into zh-HK text,
 * so the same schema serves the browser and the server.
 */
export const messageKeys = {
  required: "validation.required",
  number: "validation.number",
  email: "validation.email",
  phone: "validation.phone",
  tooLong: "validation.tooLong",
} as const;

export const requiredText = (max = 200) =>
  z.string({ error: messageKeys.required }).trim().min(1, messageKeys.required).max(max, messageKeys.tooLong);

export const optionalText = (max = 200) => z.string().trim().max(max, messageKeys.tooLong).optional();

export const hkPhone = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .transform(normalizeHkPhone)
  .refine(isHkPhone, messageKeys.phone);

export const optionalHkPhone = z
  .string()
  .trim()
  .transform(normalizeHkPhone)
  .refine(isHkPhone, messageKeys.phone)
  .optional();

export const email = z
  .string({ error: messageKeys.required })
  .trim()
  .min(1, messageKeys.required)
  .max(254, messageKeys.tooLong)
  .pipe(z.email(messageKeys.email));

export const optionalEmail = z
  .string()
  .trim()
  .max(254, messageKeys.tooLong)
  .pipe(z.email(messageKeys.email))
  .optional();
