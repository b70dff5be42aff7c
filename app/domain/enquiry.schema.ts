import { z } from "zod";
import {
  email,
  hkPhone,
  messageKeys,
  optionalEmail,
  optionalHkPhone,
  optionalText,
  requiredText,
} from "./validation.ts";

/** Customer feedback: a name, a way to answer (phone or email) and the message. */
export const enquirySchema = z
  .object({
    name: requiredText(80),
    phone: optionalHkPhone,
    email: optionalEmail,
    message: requiredText(2000),
  })
  .refine((value) => value.phone || value.email, {
    path: ["phone"],
    message: "validation.phoneOrEmail",
  });
export type EnquiryInput = z.infer<typeof enquirySchema>;

export const supplierCategories = [
  "meat",
  "seafood",
  "vegetables",
  "frozen",
  "dry",
  "ready",
  "other",
] as const;

export const supplierEnquirySchema = z.object({
  company: requiredText(120),
  name: requiredText(80),
  phone: hkPhone,
  email,
  category: z.enum(supplierCategories, { error: messageKeys.required }),
  message: requiredText(2000),
});
export type SupplierEnquiryInput = z.infer<typeof supplierEnquirySchema>;

export const surveyRatings = ["1", "2", "3", "4", "5"] as const;
export const surveyFrequencies = ["weekly", "biweekly", "monthly", "rarely"] as const;
export const surveyInterests = ["beef", "pork", "seafood", "vegetables", "frozen", "dry", "ready"] as const;

export const surveySchema = z.object({
  rating: z.enum(surveyRatings, { error: messageKeys.required }),
  frequency: z.enum(surveyFrequencies, { error: messageKeys.required }),
  interests: z.array(z.enum(surveyInterests)).min(1, messageKeys.required),
  name: optionalText(80),
  phone: optionalHkPhone,
  comment: optionalText(2000),
});
export type SurveyInput = z.infer<typeof surveySchema>;
