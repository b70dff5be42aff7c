import type { noticesCatalogue as zh } from "../notices.ts";
import type { Mirror } from "./mirror.ts";

/** What the shop tells a member who reads English about their order by SMS and email (issue 48). */
export const noticesCatalogue = {
  "notice.placed.sms":
    "[{shop}] We have your order {number}: {amount} to pay. Please pay by {methods} before {deadline}, or the order is cancelled. {payAt}",
  "notice.placed.payAt": "Pay here: {url}",
  "notice.method.payme": "PayMe",
  "notice.method.fps": "FPS",
  "notice.method.card": "credit card",
  "notice.methods.last": "{methods}{space}or {last}",
  "notice.methods.separator": ", ",
  "notice.kept.late":
    "[{shop}] Your payment of {amount} for order {number} reached us after the order had expired or was cancelled. It is in your dDollar and comes off your next order; contact us for a refund.",
  "notice.kept.duplicate":
    "[{shop}] Order {number} was already paid, and we received another payment of {amount}. It is in your dDollar and comes off your next order; contact us for a refund.",
  "notice.kept.mismatch":
    "[{shop}] The payment of {amount} we received for order {number} does not match the order's amount. It is in your dDollar, and the order is still unpaid. Contact us with any questions.",
  "notice.placed.payAtAccount": "Sign in to the website and pay under My orders.",
  "notice.paid.sms":
    "[{shop}] Order {number} is paid ({amount}). Collect it from {from} to {to} at {point} ({address}); pickup code {code}.",
  "notice.placed.subject": "{shop}: we have your order {number}",
  "notice.paid.subject": "{shop}: order {number} is paid, how to collect it",
  "notice.greeting": "Hello {name},",
  "notice.placed.body":
    "We have your order {number}.\nAmount to pay: {amount}\nPayment methods: {methods}\nPlease pay before {deadline}, or the order is cancelled and its goods go to other members.\n{payAt}",
  "notice.paid.body":
    "Order {number} is paid. Thank you!\nPaid: {amount}\nPickup point: {point}\nAddress: {address}\nOpening hours: {hours}\nPickup dates: {from} to {to}\nPickup code: {code}\nShow the pickup code or the order's QR code when you collect.",
  "notice.unpaidCancelled.sms":
    "[{shop}] Order {number} was still unpaid after the cut-off and was cancelled at settlement. If you have paid, please contact us on WhatsApp.",
  "notice.unpaidCancelled.smsRefund":
    "[{shop}] Order {number} was still unpaid after the cut-off and was cancelled at settlement; the {amount} dDollar it used is back in your account. If you have paid, please contact us on WhatsApp.",
  "notice.signInCode.sms":
    "[{shop}] Your verification code is {code}, valid for {minutes} minutes. Never tell anyone this code.",
  "notice.pickupReady.sms":
    "[{shop}] Your order {number} has arrived at the pickup point {point} ({address}) and is ready to collect. Pickup code: {code}. Opening hours: {hours}.",
  "email.campaign.reason":
    "You are receiving this email because you agreed to hear about offers from {shopName}.",
  "email.campaign.support": "Questions? WhatsApp {shopName} customer service on {phone}.",
  "email.campaign.unsubscribe": "Unsubscribe from offers by email",
  "email.campaign.unsubscribeLine": "Unsubscribe from offers by email: {url}",
  "reply.subject": "{shopName}: a reply to your message",
  "reply.greeting": "Hello {name},",
  "reply.greetingAnonymous": "Hello,",
  "reply.quote": "Your message of {date}:",
  "reply.support": "Customer service WhatsApp: {phone}",
  "reply.note":
    "This email replies to the message you left with {shopName}. To reach us again, please WhatsApp customer service.",
  "reply.sms": "[{shopName}] A reply to your message: {reply}",
  "notice.footer": "Any questions? Contact us on WhatsApp: {phone}",
} satisfies Mirror<typeof zh>;
