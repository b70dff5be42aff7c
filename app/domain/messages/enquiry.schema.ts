import * as z from "zod/mini";
import {
  email,
  hkPhone,
  oneOf,
  optionalEmail,
  optionalHkPhone,
  optionalText,
  requiredText,
  someOf,
} from "../shared/validation.ts";
import {
  ENQUIRY_MESSAGE_MAX,
  supplierCategories,
  surveyFrequencies,
  surveyInterests,
  surveyRatings,
} from "./enquiry-options.ts";

/** Customer feedback: a name, a way to answer (phone or email) and the message. */
export const enquirySchema = z
  .object({
    name: requiredText(80),
    phone: optionalHkPhone,
    email: optionalEmail,
    message: requiredText(ENQUIRY_MESSAGE_MAX),
  })
  .check(
    z.refine((value) => Boolean(value?.phone || value?.email), {
      path: ["phone"],
      error: "validation.phoneOrEmail",
      // Also when other fields have errors, so an empty form names every missing field at once.
      when: ({ value }) => typeof value === "object" && value !== null,
    }),
  );
export type EnquiryInput = z.output<typeof enquirySchema>;

export const supplierEnquirySchema = z.object({
  company: requiredText(120),
  name: requiredText(80),
  phone: hkPhone,
  email,
  category: oneOf(supplierCategories),
  message: requiredText(ENQUIRY_MESSAGE_MAX),
});
export type SupplierEnquiryInput = z.output<typeof supplierEnquirySchema>;

export const surveySchema = z.object({
  rating: oneOf(surveyRatings),
  frequency: oneOf(surveyFrequencies),
  interests: someOf(surveyInterests),
  name: optionalText(80),
  phone: optionalHkPhone,
  comment: optionalText(ENQUIRY_MESSAGE_MAX),
});
export type SurveyInput = z.output<typeof surveySchema>;
