import type { toasts as zh } from "../toasts.ts";
import type { Mirror } from "./mirror.ts";

export const toasts = {
  "toast.cart.added": "Added to your cart",
  "toast.myOrder.cancelled":
    "Order {number} is cancelled: its items are back on sale and any dDollar used is returned",
  "toast.myOrder.notCancelled":
    "Order {number} is paid or its payment has been reported, so it can't be cancelled here. WhatsApp us if you need help.",
  "toast.myOrder.notFound": "Order not found",
  "toast.cart.updated": "Cart updated",
  "toast.cart.removed": "Removed from your cart",
  "toast.cart.soldOut": "Sorry, some items sold out and were removed from your cart",
  "toast.cart.limit": "You've reached the limit for this item",
  "toast.copied": "{label} copied",
  "toast.copyFailed": "Couldn't copy. Press and hold the text to copy it yourself",
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
  "toast.feedbackSent": "Message sent. We'll reply within one working day",
  "toast.codeSent": "Code sent",
  "toast.registerFirst": "Please register as a member first",
  "toast.loginSuccess": "Signed in",
  "toast.wrongCode": "Wrong code. Please send a new one",
  "toast.dDollarAdded": "dDollar added",
  "toast.loginRequired": "Please sign in or register first",
  "toast.registerSuccess": "You're registered",
  "toast.welcomeBack": "This phone number is already registered. Welcome back",
  "toast.alreadyRegistered": "This phone number is already registered. The page will reload in 3 seconds",
  "toast.registerReferrerMissing": "Couldn't register: we have no member with the referrer's phone number",
  "toast.profileReferrerMissing":
    "Couldn't update your details: we have no member with the referrer's phone number",
  "toast.supplierRegistered": "Thanks for your supplier enquiry. We'll be in touch soon",
  "toast.linkCopied": "Link copied",
  "toast.referralLinkCopied": "Referral link copied",
  "toast.shareCopied": "Share details copied",
  "toast.referrerSelf": "The referrer's phone number can't be your own",
  "toast.referrerLoop":
    "You can't name this referrer: they joined through you (or through a friend you referred)",
  "toast.referrerAfterPurchase":
    "Referrals are for new members only: you've already paid for an order, so you can't add a referrer",
  "toast.surveyThanks": "Thanks for filling in the survey!",
} satisfies Mirror<typeof zh>;
