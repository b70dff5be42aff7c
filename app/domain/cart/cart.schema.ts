import * as z from "zod/mini";

const productId = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const id = Number(value);
    if (!/^\d{1,9}$/.test(value) || id < 1) {
      ctx.issues.push({ code: "custom", message: "validation.number", input: value });
      return z.NEVER;
    }
    return id;
  }),
);

/** What the cart's buttons post (to /cart): an intent and, except for select all, a product id. */
export const cartActionSchema = z.union([
  z.object({ intent: z.literal("selectAll") }),
  z.object({
    intent: z.enum(["add", "increase", "decrease", "remove", "select", "unselect"]),
    productId,
  }),
]);
