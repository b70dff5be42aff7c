import type { paymentCatalogue as zh } from "../payment.ts";
import type { Mirror } from "./mirror.ts";

export const paymentCatalogue = {
  "payment.title": "Payment",
  "payment.meta.description": "Pay for your order by PayMe, FPS or card.",
  "payment.order": "Order {number}",
  "payment.amount": "Amount to pay",
  "payment.expires":
    "Please pay by {date}. After that the order is cancelled automatically and its items and dDollar are returned.",
  "payment.choose": "Choose how to pay",
  "payment.payme": "PayMe",
  "payment.paymeHint":
    "Scan the QR code with PayMe or open the payment link. Once you've paid, tap “I've paid” and staff will confirm the order after checking it.",
  "payment.fps": "FPS",
  "payment.fpsHint":
    "Scan the QR code with your banking or e-wallet app, or transfer to the shop's FPS ID. Once you've paid, tap “I've paid” and staff will confirm the order after checking it.",
  "payment.card": "Card",
  "payment.cardHint": "Plus a {percent}% card fee of {fee}: {total} in all.",
  "payment.cardSandbox": "Demo mode: a test payment page stands in for the card payment.",
  "payment.notPayable": "This order needs no payment or can no longer be paid.",
  "payment.late.title": "Your payment is now dDollar",
  "payment.late.body":
    "Order {number} timed out and was cancelled before its payment came, and its items went back on sale. The {amount} you paid is in your dDollar and will be used on your next order.",
  "payment.duplicate.title": "Your second payment is now dDollar",
  "payment.duplicate.body":
    "Order {number} was already paid. The further {amount} we received is in your dDollar and will be used on your next order; if you'd like it refunded, WhatsApp us.",
  "payment.mismatch.title": "The amount paid doesn't match",
  "payment.mismatch.body":
    "The {amount} we received for order {number} doesn't match the order's amount. It's in your dDollar and the order is still unpaid. If you have questions, WhatsApp us.",
  "payment.sandbox.expired": "This payment has expired. Please go back to the payment page and pay again.",
  "payment.payme.title": "Pay by PayMe",
  "payment.payme.steps":
    "1. Scan the QR code or tap the payment link below; 2. pay {amount} with order number {number} as the note; 3. once you've paid, tap “I've paid”.",
  "payment.payme.link": "Open the PayMe payment link",
  "payment.payme.claim": "I've paid",
  "payment.awaiting.title": "Waiting for the shop to confirm your payment",
  "payment.fps.title": "Pay by FPS",
  "payment.fps.steps":
    "1. Scan the QR code with your banking or e-wallet app (amount and reference are filled in), or transfer using the details below; 2. pay {amount} with order number {number} as the note; 3. once you've paid, tap “I've paid”.",
  "payment.fps.qr": "FPS payment QR code, amount {amount}",
  "payment.fps.manual": "Details for a manual transfer",
  "payment.fps.accountName": "Payee",
  "payment.fps.identifier.id": "FPS ID",
  "payment.fps.identifier.mobile": "FPS mobile number",
  "payment.fps.identifier.email": "FPS email address",
  "payment.fps.amount": "Amount (HKD)",
  "payment.fps.reference": "Note (order number)",
  "payment.fps.copy": "Copy",
  "payment.fps.copyLabel": "Copy {label}",
  "payment.fps.claim": "I've paid",
  "payment.sandbox.title": "Test payment page (demo mode)",
  "payment.sandbox.amount": "Card payment of {amount}",
  "payment.sandbox.succeed": "Succeed",
  "payment.sandbox.fail": "Fail",
  "payment.sandbox.done": "This payment is complete.",
  "payment.success.title": "Payment successful",
  "payment.success.body":
    "Thank you! Order {number} is paid. After cut-off we'll text you the pickup arrangements.",
  "payment.success.pending": "We're confirming your payment. Please check its status in My orders shortly.",
  "payment.fail.title": "Payment not completed",
  "payment.fail.body":
    "Order {number} isn't paid. You can try again or pay by PayMe instead; the order is kept until its payment deadline.",
  "payment.retry": "Try again",
  "payment.toOrders": "See my orders",
  "toast.copied": "{label} copied",
  "toast.copyFailed": "Couldn't copy. Press and hold the text to copy it yourself",
} satisfies Mirror<typeof zh>;
