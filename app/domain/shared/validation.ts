import * as z from "zod/mini";
import { isHkPhone, normalizeHkPhone } from "./phone.ts";

/**
 * Form schemas use zod/mini: the same schema validates in the browser and on the server, and the
 * mini build keeps the storefront's JavaScript small. Error messages are catalogue keys
 * (app/i18n); the edge turns them into zh-HK text.
 */
export const messageKeys = {
  required: "validation.required",
  number: "validation.number",
  email: "validation.email",
  phone: "validation.phone",
  tooLong: "validation.tooLong",
} as const;

/** Empty form fields arrive as `undefined` (the form parser drops empty strings). */
const requiredString = (max: number) =>
  z
    .string(messageKeys.required)
    .check(z.trim(), z.minLength(1, messageKeys.required), z.maxLength(max, messageKeys.tooLong));

export const requiredText = (max = 200) => requiredString(max);

export const optionalText = (max = 200) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, messageKeys.tooLong)));

export const hkPhone = z
  .pipe(requiredString(30), z.transform(normalizeHkPhone))
  .check(z.refine(isHkPhone, messageKeys.phone));

export const optionalHkPhone = z.optional(
  z.pipe(z.string(), z.transform(normalizeHkPhone)).check(z.refine(isHkPhone, messageKeys.phone)),
);

export const email = z.pipe(requiredString(254), z.email(messageKeys.email));

export const optionalEmail = z.optional(
  z.pipe(z.string().check(z.trim(), z.maxLength(254, messageKeys.tooLong)), z.email(messageKeys.email)),
);

/** A checkbox: present ("on") is true, absent is false; code may pass a boolean directly. */
export const checkbox = z.pipe(
  z.optional(z.union([z.string(), z.boolean()])),
  z.transform((value) => value === true || (typeof value === "string" && value !== "" && value !== "false")),
);

/** One of `values`; nothing chosen is "required". */
export const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, messageKeys.required);

/** Checkboxes sharing a name: one, several or none arrive; at least one of `values` is required. */
export const someOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.pipe(
    z.transform((value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    z.array(z.enum(values)).check(z.minLength(1, messageKeys.required)),
  );
