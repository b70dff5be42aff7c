import type { guideText as zh } from "../../pages/guide.ts";
import type { Mirror } from "../mirror.ts";

export const guideText = {
  "page.guide.title": "Group-buying guide",
  "page.guide.description":
    "New to Gather? Learn the difference between group buys, limited group buys and in-stock items, plus cut-off times, pickup times, dDollar, pricing by weight, shared delivery and how to pay.",
  "guide.eyebrow": "Start here",
  "guide.lead":
    "On Gather, the number of people who join sets the price: the more people, the cheaper it gets. Take three minutes to see how it all works, and you can buy together with your neighbours before the next cut-off.",
  "guide.toc": "On this page",

  "guide.steps.title": "Group buying in four steps",
  "guide.step.register.title": "Register and sign in",
  "guide.step.register.body":
    "Register with a Hong Kong mobile number and the code we send by SMS. No password to remember.",
  "guide.step.shop.title": "Choose and join",
  "guide.step.shop.body":
    "Add products to your cart before the cut-off. Each product shows its buying mode, its prices, how many people have joined and a countdown to the cut-off.",
  "guide.step.pay.title": "Check out and pay",
  "guide.step.pay.body":
    "Choose a pickup point. Your dDollar is taken off first, and you pay the rest by PayMe or credit card.",
  "guide.step.pickup.title": "Collect at your pickup point",
  "guide.step.pickup.body":
    "We send you an SMS when your order arrives. Collect it during opening hours with your pickup code or QR code.",

  "guide.modes.title": "Three ways to buy",
  "guide.modes.lead":
    "Every product is marked with its buying mode. The modes differ in what you pay at checkout and in what happens after the cut-off.",
  "guide.modes.price": "Regular price",
  "guide.modes.gatherPrice": "Group price",
  "guide.modes.target": "Target",
  "guide.modes.people": { by: "count", one: "# person", other: "# people" },
  "guide.modes.pay": "Paid at checkout",
  "guide.modes.stock": "Left in stock",
  "guide.modes.ifReached": "Target reached at cut-off",
  "guide.modes.ifMissed": "Target not reached at cut-off",
  "guide.modes.general.summary":
    "You pay the regular price at checkout. If enough people have joined by the cut-off, the difference between the regular price and the group price comes back as dDollar, so you've bought at the group price. If the target isn't reached, the order still goes ahead at the regular price.",
  "guide.modes.general.product": "Australian grain-fed sirloin steaks (pack of two)",
  "guide.modes.general.reached":
    "{buyers} people have joined by the cut-off: the difference of {refund} comes back as dDollar, so you only pay {gatherPrice}.",
  "guide.modes.general.missed":
    "Only {buyers} people have joined by the cut-off: the order still goes ahead at the regular price of {price}, with no refund.",
  "guide.modes.limited.summary":
    "You pay the group price at checkout, but the group only goes ahead if the target is reached before the cut-off. If it isn't, the product is cancelled and the full amount comes back as dDollar.",
  "guide.modes.limited.product": "Japanese A4 wagyu ribeye steak (300 g)",
  "guide.modes.limited.reached":
    "{buyers} people have joined by the cut-off: the group goes ahead, and the {gatherPrice} you paid is the group price.",
  "guide.modes.limited.missed":
    "Only {buyers} people have joined by the cut-off: the group doesn't go ahead, the product is cancelled and the full {gatherPrice} comes back as dDollar.",
  "guide.modes.instock.summary":
    "No waiting for a group: buy straight away at the group price, while stocks last.",
  "guide.modes.instock.product": "Frozen Vietnamese tiger prawns (1 kg)",
  "guide.modes.instock.outcome":
    "Pay {gatherPrice} and your purchase is confirmed. It's delivered to your chosen pickup point with the rest of the round's orders.",

  "guide.cutoff.title": "Cut-off time",
  "guide.cutoff.1":
    "Gather has one cut-off a week. Every product shows a countdown to the cut-off, and this round's cut-off time and pickup dates are also shown at the top of the site.",
  "guide.cutoff.2":
    "At the cut-off, we count the buyers of each group-buy product: the difference for group buys that reached their target, and the payments for limited group buys that didn't go ahead, all go back into your dDollar account automatically. Orders placed after the cut-off go into the next round.",
  "guide.cutoff.notice":
    "We confirm our orders with suppliers straight after the cut-off, so orders can't be cancelled or changed after it.",

  "guide.pickup.title": "When and where to pick up",
  "guide.pickup.hoursLabel": "Pickup point opening hours",
  "guide.pickup.hours": "Monday to Friday, 10:00–19:00 (except public holidays)",
  "guide.pickup.body":
    "When your order reaches the pickup point, we send you an SMS. Collect it during opening hours with the pickup code or QR code in “My orders”. Each pickup point's address, opening hours and delivery charge are on the pickup points page.",
  "guide.pickup.link": "See all pickup points",

  "guide.dollar.title": "What is dDollar?",
  "guide.dollar.intro":
    "dDollar is Gather's shopping credit: 1 dDollar is worth HK$1. You get dDollar back, or as a reward, when:",
  "guide.dollar.source.1":
    "a group buy reaches its target: the difference between the regular price and the group price",
  "guide.dollar.source.2": "a limited group buy doesn't go ahead: the full amount paid for that product",
  "guide.dollar.source.3": "a product priced by weight is lighter than estimated: the difference",
  "guide.dollar.source.4": "delivery is shared by the actual number of people: anything you overpaid",
  "guide.dollar.source.5": "you earn a referral reward",
  "guide.dollar.use":
    "Next time you check out, your dDollar balance is taken off first, and you only pay whatever is left. dDollar can't be exchanged for cash or transferred.",
  "guide.dollar.example":
    "Example: your dDollar balance is {balance} and your purchase comes to {total}. Your whole balance of {balance} is taken off at checkout, so you only pay {payable} more.",

  "guide.weight.title": "Products priced by weight",
  "guide.weight.body":
    "Meat cut from whole primals is priced by weight. The product page shows the price per lb and each piece's estimated weight (about 2.5 lb, for example), and at checkout you pay for the estimated weight. After cutting, we weigh every piece and charge on the actual weight: if it's lighter than estimated, the difference comes back as dDollar; if it's heavier, you pay nothing more.",
  "guide.weight.product": "Whole sirloin, cut to order (about {weight} a piece)",

  "guide.delivery.title": "Shared delivery",
  "guide.delivery.intro":
    "The cost of each delivery to a pickup point is split evenly between the members collecting there that round: the more people, the less each pays.",
  "guide.delivery.example":
    "Example: delivery to a pickup point costs {fee}, and {people} people are collecting there this round, so each pays only {share}.",
  "guide.delivery.settlement":
    "At checkout you pay the delivery charge listed for your pickup point. After the cut-off it's worked out again on the actual number of people, and anything you overpaid comes back as dDollar. You pay the delivery charge only once per round at the same pickup point, however many orders you place.",
  "guide.delivery.free":
    "Delivery to partner shops' pickup points is free; the pickup points page marks them “Free delivery”.",

  "guide.payment.title": "How to pay",
  "guide.payment.dollar.title": "dDollar",
  "guide.payment.dollar.body":
    "Taken off first, automatically, at checkout. If your balance covers everything, there's nothing more to pay and your order is confirmed at once.",
  "guide.payment.payme.title": "PayMe",
  "guide.payment.payme.body":
    "Scan the PayMe QR code or open the payment link, and add your order number with the payment. Our staff confirm your order once they've checked the payment.",
  "guide.payment.card.title": "Credit card",
  "guide.payment.card.body":
    "Pay by credit card on a secure online payment page and your order is confirmed at once. A {cardFee} fee applies.",
  "guide.payment.cardExample":
    "Example: after dDollar you have {payable} to pay. The credit card fee is {fee}, so you pay {total} in total.",
  "guide.payment.expiry":
    "Orders must be paid within 30 minutes or they're cancelled automatically, and any dDollar taken off is returned.",

  "guide.cta.title": "Still have questions?",
  "guide.cta.body":
    "Our FAQ covers what people ask most. You can also ask us on WhatsApp with the button at the bottom right.",
  "guide.cta.qa": "FAQ",
  "guide.cta.shop": "Start shopping",
} satisfies Mirror<typeof zh>;
