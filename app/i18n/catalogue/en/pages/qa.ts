import type { qaText as zh } from "../../pages/qa.ts";
import type { Mirror } from "../mirror.ts";

export const qaText = {
  "page.qa.title": "FAQ",
  "page.qa.description":
    "Gather's frequently asked questions: how to order, cut-off times, group targets, dDollar refunds, pricing by weight, pickup, delivery charges, how to pay, the referral programme and signing in.",
  "qa.lead":
    "Can't find your answer? Tap the WhatsApp button at the bottom right to contact us, and our customer service team will reply as soon as they can.",
  "qa.contactLink": "WhatsApp customer service",

  "qa.ordering.title": "Ordering and cut-off",
  "qa.ordering.how.q": "How do I order on Gather?",
  "qa.ordering.how.a1":
    "Register and sign in with your mobile number, then add the products you want to your cart before the cut-off. At checkout, choose a pickup point and pay; once payment is complete, your order is confirmed.",
  "qa.ordering.how.a2": "Our group-buying guide walks you through it step by step.",
  "qa.ordering.cutoff.q": "When is the cut-off?",
  "qa.ordering.cutoff.a1":
    "Gather has one cut-off a week. Every product shows a countdown to the cut-off, and this round's cut-off time and pickup dates are also shown at the top of the site. Orders placed after the cut-off go into the next round.",
  "qa.ordering.target.q": "What is the “target”? What happens if it isn't reached?",
  "qa.ordering.target.a1":
    "Group buys and limited group buys each have a target: the number of members who have paid to join by the cut-off (each member counts once).",
  "qa.ordering.target.a2":
    "Group buys: if the target is reached, the difference between the regular price and the group price comes back as dDollar; if not, the order still goes ahead at the regular price.",
  "qa.ordering.target.a3":
    "Limited group buys: the group only goes ahead if the target is reached; if not, the product is cancelled and the full amount comes back as dDollar.",
  "qa.ordering.modes.q": "What's the difference between group buys, limited group buys and in-stock items?",
  "qa.ordering.modes.a1":
    "For group buys you pay the regular price at checkout and get the difference back once the group is reached. For limited group buys you pay the group price at checkout, but the order only goes ahead if the group is reached. In-stock items need no group: you buy straight away at the group price, while stocks last.",
  "qa.ordering.cancel.q": "Can I cancel or change my order?",
  "qa.ordering.cancel.a1":
    "To cancel before the cut-off, please contact customer service on WhatsApp; what you've paid comes back as dDollar. After the cut-off we've already confirmed our orders with suppliers, so we're sorry, orders can't be cancelled or changed. Unpaid orders are cancelled automatically after 30 minutes.",

  "qa.prices.title": "Prices and refunds",
  "qa.prices.refund.q": "Why are refunds paid in dDollar and not back to my credit card?",
  "qa.prices.refund.a1":
    "Group price differences, limited group buy refunds, weight differences and leftover delivery charges are often just a few dollars to a few dozen dollars. Refunding them as dDollar saves bank charges and waiting time. 1 dDollar is worth HK$1 and is taken off automatically the next time you check out.",
  "qa.prices.weight.q": "How are products priced by weight charged?",
  "qa.prices.weight.a1":
    "At checkout you pay for the estimated weight (about 2.5 lb, for example). After cutting, each piece is weighed and charged on its actual weight: if it's lighter than estimated, the difference comes back as dDollar; if it's heavier, you pay nothing more. The actual weight is printed on each product's label.",
  "qa.prices.dollar.q": "How do I use dDollar? Does it expire?",
  "qa.prices.dollar.a1":
    "dDollar is taken off automatically the next time you check out, and you only pay whatever is left. You can see every entry under “My dDollar”. dDollar doesn't expire, but it can't be exchanged for cash or transferred to another member.",

  "qa.pickup.title": "Pickup and delivery charges",
  "qa.pickup.when.q": "When and where do I pick up my order?",
  "qa.pickup.when.a1":
    "Your order is delivered to the pickup point you chose at checkout. When it arrives we send you an SMS; please collect it Monday to Friday, 10:00–19:00 (except public holidays), with your pickup code or QR code. The address of each pickup point is on the pickup points page.",
  "qa.pickup.missed.q": "What if I can't pick up in time?",
  "qa.pickup.missed.a1":
    "Please let customer service know on WhatsApp as early as you can, and we'll do our best to help. For food safety, chilled and frozen products are normally kept for three working days only; we're sorry, but orders not collected in time can't be refunded.",
  "qa.pickup.delivery.q": "How is the delivery charge worked out?",
  "qa.pickup.delivery.a1":
    "The cost of each delivery to a pickup point is split evenly between the members collecting there that round. For example, a HK$100 delivery shared by 5 people costs each of them only HK$20. At checkout you pay the delivery charge listed for the pickup point; after the cut-off it's worked out on the actual number of people, and anything you overpaid comes back as dDollar.",
  "qa.pickup.delivery.a2": "Delivery to partner shops' pickup points is free.",

  "qa.payment.title": "Paying",
  "qa.payment.methods.q": "How can I pay?",
  "qa.payment.methods.a1":
    "Your dDollar is taken off first at checkout, and you can pay the rest by PayMe or credit card. If you pay by PayMe, your order is confirmed once our staff have checked the payment; credit card payments are confirmed at once.",
  "qa.payment.cardFee.q": "Is there a fee for paying by credit card?",
  "qa.payment.cardFee.a1":
    "Credit card payments carry a fee of {cardFee} of the amount due after dDollar. For example, on {examplePayable} due, the fee is {exampleFee}. There's no fee for paying by PayMe or dDollar.",

  "qa.account.title": "Your account and more",
  "qa.account.referral.q": "What do I get for referring friends?",
  "qa.account.referral.a1":
    "When a new member enters your phone number as their referrer when registering, then makes their first purchase, you and the new member each get {referralPercent} of that first purchase's items amount in dDollar: {referralTotal} in referral rewards, split between you. See the referral programme for details.",
  "qa.account.alcohol.q": "Are there any limits on buying alcohol?",
  "qa.account.alcohol.a1":
    "Under Hong Kong law, alcohol may not be sold or supplied to anyone under 18 in the course of business. When buying alcohol, you must confirm at checkout that you're 18 or over, and staff may ask to see proof of identity when you pick up.",
  "qa.account.sms.q": "I didn't get the SMS code. What should I do?",
  "qa.account.sms.a1":
    "Check that you entered an 8-digit Hong Kong mobile number and that your phone has signal. The code is valid for 5 minutes, and you can ask for a new one every 60 seconds. After too many wrong tries the number is paused for 15 minutes; please try again later.",
  "qa.account.support.q": "How do I contact customer service?",
  "qa.account.support.a1":
    "Tap the green button at the bottom right of the site to contact us on WhatsApp. Customer service hours are Monday to Friday, 10:00–19:00 (except public holidays); messages sent outside these hours are answered on the next working day.",
} satisfies Mirror<typeof zh>;
