import type { flashToasts as zh } from "../flash-toasts.ts";
import type { Mirror } from "./mirror.ts";

export const flashToasts = {
  "toast.myOrder.cancelled":
    "Order {number} is cancelled: its items are back on sale and any dDollar used is returned",
  "toast.myOrder.notCancelled":
    "Order {number} is paid or its payment has been reported, so it can't be cancelled here. WhatsApp us if you need help.",
  "toast.myOrder.notFound": "Order not found",
  "toast.paymeClaimed":
    "Thanks, we've got your payment notice. We'll confirm the order once staff have checked it",
  "toast.cardProcessing":
    "Your card payment is being processed. Check the result in My orders shortly; there's no need to pay again",
  "toast.claimCardProcessing":
    "Your card payment is being processed. Please don't also pay by PayMe or FPS; check the result in My orders shortly",
  "admin.toast.added": "Added",
  "admin.toast.updated": "Updated",
  "admin.toast.removed": "Deleted",
  "toast.order.submitted": "Order placed",
  "toast.csvImported": "CSV imported",
  "toast.dDollarAdded": "dDollar added",
  "toast.loginSuccess": "Signed in",
  "toast.registerSuccess": "You're registered",
} satisfies Mirror<typeof zh>;
