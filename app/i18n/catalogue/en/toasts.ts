import type { toasts as zh } from "../toasts.ts";
import type { Mirror } from "./mirror.ts";

export const toasts = {
  "toast.cart.added": "Added to your cart",
  "toast.cart.updated": "Cart updated",
  "toast.cart.removed": "Removed from your cart",
  "toast.cart.soldOut": "Sorry, some items sold out and were removed from your cart",
  "toast.cart.limit": "You've reached the limit for this item",
  "toast.loginRequired": "Please sign in or register first",
} satisfies Mirror<typeof zh>;
