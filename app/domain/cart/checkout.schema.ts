import * as z from "zod/mini";
import { checkbox, messageKeys, optionalText } from "../shared/validation.ts";
import { CODE_MAX, REMARK_MAX } from "./checkout.ts";

const pickupPointId = z.pipe(
  z.string(messageKeys.required),
  z.transform((value, ctx) => {
    const id = Number(value);
    if (!/^\d{1,9}$/.test(value) || id < 1) {
      ctx.issues.push({ code: "custom", message: messageKeys.number, input: value });
      return z.NEVER;
    }
    return id;
  }),
);

/** The cart lines the checkout page showed (hidden fields), so the order holds exactly those. */
const productIds = z.optional(
  z.pipe(
    z.union([z.string(), z.array(z.string())]),
    z.transform((value, ctx) => {
      const list = Array.isArray(value) ? value : [value];
      if (list.length > 200 || list.some((id) => !/^\d{1,9}$/.test(id))) {
        ctx.issues.push({ code: "custom", message: messageKeys.number, input: value });
        return z.NEVER;
      }
      return list.map(Number);
    }),
  ),
);

/** The checkout form (Checkout issue item 2): one schema in the browser and on the server. */
export const checkoutSchema = z.object({
  intent: z.enum(["place", "draft"]),
  pickupPointId,
  remark: optionalText(REMARK_MAX),
  discountCode: optionalText(CODE_MAX),
  ageConfirmed: checkbox,
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9-]{16,64}$/, messageKeys.required)),
  productIds,
});
export type CheckoutForm = z.output<typeof checkoutSchema>;

/** Saving the draft (pickup point, remark, code) as the member fills the form: every field optional. */
export const checkoutDraftSchema = z.object({
  pickupPointId: z.optional(pickupPointId),
  remark: optionalText(REMARK_MAX),
  discountCode: optionalText(CODE_MAX),
});
