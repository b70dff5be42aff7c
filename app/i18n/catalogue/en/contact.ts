import type { contact as zh } from "../contact.ts";
import type { Mirror } from "./mirror.ts";

export const contact = {
  "page.contact.title": "Contact us",
  "page.contact.description":
    "Questions about an order, pickup or a product? Leave us a message and we'll reply within one working day.",
  "contact.heading": "Contact us",
  "contact.intro":
    "Leave a message with your phone number or email (at least one) and our customer service team will reply within one working day.",
  "contact.name": "Name",
  "contact.phone": "Phone number",
  "contact.email": "Email",
  "contact.contactHint": "Give a phone number or an email, or both",
  "contact.message": "Message",
  "contact.count": "{count} / {max} characters",
  "contact.submit": "Send message",
  "contact.submitting": "Sending…",
  "contact.sent": "Message sent. We'll reply within one working day.",
  "contact.more": "Other ways to reach us",
  "contact.faq": "FAQ",
  "toast.feedbackSent": "Message sent. We'll reply within one working day",
} satisfies Mirror<typeof zh>;
