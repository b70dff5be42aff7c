import type { unsubscribe as zh } from "../unsubscribe.ts";
import type { Mirror } from "./mirror.ts";

export const unsubscribe = {
  "unsubscribe.title": "Unsubscribe from promotional emails",
  "unsubscribe.question": "Stop receiving promotional emails from {shopName}?",
  "unsubscribe.for": "Email address: {email}",
  "unsubscribe.keepNote": "You will still get messages about your orders and your account.",
  "unsubscribe.confirm": "Unsubscribe",
  "unsubscribe.working": "Working…",
  "unsubscribe.done.title": "Unsubscribed",
  "unsubscribe.done.body":
    "You won't receive promotional emails from {shopName} any more. If you change your mind, sign in and turn them back on in your details.",
  "unsubscribe.already":
    "You have already unsubscribed from {shopName}'s promotional emails. Nothing more to do.",
  "unsubscribe.home": "Back to home",
  "unsubscribe.forged.title": "This link doesn't work",
  "unsubscribe.forged.body":
    "This unsubscribe link is not valid or not complete. Use the whole link in the email, or sign in and turn off promotions in your details.",
  "unsubscribe.expired.title": "This link has expired",
  "unsubscribe.expired.body":
    "This unsubscribe link has expired. Use the link in a more recent promotional email, or sign in and turn off promotions in your details.",
  "unsubscribe.help": "Need help? WhatsApp customer service on {phone}.",
} satisfies Mirror<typeof zh>;
