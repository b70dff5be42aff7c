import type { termsText as zh } from "../../pages/terms.ts";
import type { Mirror } from "../mirror.ts";

export const termsText = {
  "page.terms.title": "Terms and conditions",
  "page.terms.description":
    "Gather's terms and conditions: membership, orders and group targets, prices and dDollar, payment, pickup, refunds, privacy, electronic marketing messages and governing law.",
  "terms.updated": "Last updated: 17 October 2022",
  "terms.intro":
    "Welcome to Gather (“the Company”, “we” or “us”). By using this website, registering as a member or placing an order, you agree to the following terms and conditions. Please read them carefully; if you have any questions, you are welcome to contact our customer service on WhatsApp.",
  "terms.toc": "Contents",

  "terms.membership.title": "Membership and accounts",
  "terms.membership.1":
    "Anyone may browse this website. Before placing an order, you must register as a member with a Hong Kong mobile number and sign in with a code sent by SMS.",
  "terms.membership.2":
    "Each mobile number may be registered to one member account only. You must give your true and current name, phone number and email address, and you are responsible for keeping your phone and your codes safe.",
  "terms.membership.3":
    "All orders and actions made through your account are treated as made by you. If you find that someone else has used your account, please tell us at once.",
  "terms.membership.4":
    "If a member gives false information, abuses offers or the referral programme, or acts in any way that harms the Company or other members, the Company may suspend or close their account and cancel the related offers and dDollar.",

  "terms.orders.title": "Orders and group targets",
  "terms.orders.1":
    "Products on this website are sold in three modes: group buys, limited group buys and in-stock items. Each product page shows its mode, prices, target and cut-off time.",
  "terms.orders.2":
    "The number of buyers is the number of members who have paid and not cancelled by the cut-off, each member counting once. The cut-off time is as recorded by the Company's system.",
  "terms.orders.3":
    "Group buys: if the target is reached, the difference between the regular price and the group price is refunded as dDollar; if the target is not reached, the order is still fulfilled at the regular price.",
  "terms.orders.4":
    "Limited group buys: a group goes ahead only if the target is reached by the cut-off; if it is not, the product is cancelled and the full amount paid is refunded as dDollar.",
  "terms.orders.5":
    "In-stock items: bought immediately at the group price while stocks last; no target applies.",
  "terms.orders.6":
    "An order is confirmed only once payment is complete. Orders not paid within 30 minutes are cancelled automatically, and the products held for them and any dDollar already deducted are released.",
  "terms.orders.7":
    "After the cut-off the Company confirms its orders with suppliers, and members may not cancel or change their orders. If a product cannot be supplied because a supplier is out of stock or for any other reason beyond our control, the Company will inform the members concerned and refund the amount paid for the affected products as dDollar.",

  "terms.prices.title": "Prices and dDollar",
  "terms.prices.1":
    "All prices are in Hong Kong dollars. The “market price” shown on a product page is for reference only and is not the Company's selling price.",
  "terms.prices.2":
    "Products priced by weight are charged on their estimated weight at checkout and then on their actual weight after cutting and weighing. If the actual weight is lower, the difference is refunded as dDollar; if it is higher, the Company will not charge the member any more.",
  "terms.prices.3":
    "dDollar is shopping credit issued by the Company. 1 dDollar is worth HK$1 and may be used only for purchases on this website. At checkout, the system automatically deducts the member's dDollar balance first.",
  "terms.prices.4":
    "dDollar cannot be exchanged for cash or transferred, and earns no interest. Members can see all their dDollar records in their account.",
  "terms.prices.5":
    "If dDollar is issued or deducted because of a system error, the Company may correct it and will inform the members affected.",

  "terms.payment.title": "Payment",
  "terms.payment.1": "The Company accepts payment by dDollar, PayMe and credit card.",
  "terms.payment.2":
    "Orders paid by PayMe are confirmed only after the Company's staff have checked the payment. Please include your order number with your payment so that it can be matched.",
  "terms.payment.3":
    "Payment by credit card carries a fee of {cardFee} of the amount due after dDollar. Credit card payments are processed by a third-party payment service; the Company does not store your credit card number.",
  "terms.payment.4":
    "Delivery charges are shared per pickup point: at checkout you pay the delivery charge listed for that pickup point; after the cut-off it is worked out on the actual number of members collecting there that round, and any overpayment is refunded as dDollar. The delivery charge is paid only once per round at the same pickup point. Delivery to partner shops' pickup points is free.",

  "terms.pickup.title": "Pickup and uncollected orders",
  "terms.pickup.1":
    "Orders are delivered to the pickup point the member chose at checkout. The Company will notify the member by SMS when an order is ready for collection.",
  "terms.pickup.2":
    "Pickup points are generally open Monday to Friday, 10:00–19:00 (except public holidays); where a pickup point's hours differ, those shown on the pickup points page apply.",
  "terms.pickup.3":
    "You must show the order's pickup code or QR code when collecting. You may ask someone else to collect for you, but they must show the same pickup code. The Company is not responsible for any loss caused by someone else using your pickup code.",
  "terms.pickup.4":
    "Please check the quantity and condition of your products on the spot when collecting them.",
  "terms.pickup.5":
    "For food safety, chilled and frozen products are kept for three working days after they are ready for collection, and other products for seven days. The Company may dispose of products not collected in time, and the amount paid will not be refunded.",

  "terms.refunds.title": "Refunds and problems with products",
  "terms.refunds.1":
    "Unless the law requires otherwise, all refunds on this website (including group price differences, limited group buy refunds, weight differences, leftover delivery charges and payments for cancelled orders) are made as dDollar to the member's account.",
  "terms.refunds.2":
    "If a product is damaged, spoiled or not as ordered when collected, please contact customer service on WhatsApp within 24 hours of pickup with your order number and photos. Once this is verified, the Company will refund the amount concerned as dDollar or arrange a replacement.",
  "terms.refunds.3":
    "Fresh and chilled food that spoils after pickup because it was not stored properly cannot be refunded.",

  "terms.alcohol.title": "Alcohol",
  "terms.alcohol.1":
    "Under Hong Kong law, intoxicating liquor may not be sold or supplied to anyone under 18 in the course of business.",
  "terms.alcohol.2":
    "Members buying alcohol must confirm at checkout that they are 18 or over. Staff may ask to see proof of identity at pickup; if a member cannot show that they are 18 or over, the Company may refuse to hand over the alcohol and will refund the amount concerned as dDollar.",

  "terms.referral.title": "Referral programme",
  "terms.referral.1":
    "A new member may enter a referrer's phone number when registering, or afterwards in their account details (once only) before their first paid purchase. The referrer must be an existing member, and may be neither the new member themselves nor a member referred by the new member (or referred in turn by such a member).",
  "terms.referral.2":
    "If the new member's first paid purchase (cancelled orders do not count) is placed after the referrer was entered, then once the round is settled after the cut-off, the new member and the referrer each receive {referralPercent} of that purchase's items amount (excluding delivery charges and fees) in dDollar. Each new member counts once only.",
  "terms.referral.3":
    "The Company may change or end the referral programme, and may cancel rewards obtained by improper means.",

  "terms.privacy.title": "Privacy and personal data",
  "terms.privacy.1":
    "The Company collects, uses and keeps members' personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486 of the Laws of Hong Kong).",
  "terms.privacy.2":
    "The data we collect includes your name, mobile number, email address, referrer, chosen pickup point, order and payment records, and records of your visits to this website.",
  "terms.privacy.3":
    "We collect this data to handle members' registration, sign-in, orders, payment, delivery and pickup; to work out and issue dDollar; to answer enquiries; to improve this website and our services; and, with the member's consent, to send marketing messages.",
  "terms.privacy.4":
    "For these purposes we may pass the data needed to our delivery and pickup point partners, payment service providers and SMS service providers. Apart from this, we will not sell or give your personal data to any third party.",
  "terms.privacy.5":
    "Members have the right to access and correct their personal data. To make a data access or correction request, please contact customer service on WhatsApp; we will reply within the time required by law.",
  "terms.privacy.6":
    "Personal data is kept only for as long as needed to fulfil the purposes for which it was collected and to meet legal and accounting requirements.",

  "terms.marketing.title": "Electronic marketing messages",
  "terms.marketing.1":
    "With your consent, we may send you news of new products, group buys and offers by SMS, WhatsApp or email.",
  "terms.marketing.2":
    "You may opt out of marketing messages at any time, free of charge: follow the unsubscribe instructions in a message, or let customer service know on WhatsApp. We will handle your request in accordance with the Personal Data (Privacy) Ordinance and the Unsolicited Electronic Messages Ordinance (Cap. 593 of the Laws of Hong Kong).",
  "terms.marketing.3":
    "Opting out of marketing messages does not affect notices about your orders, such as sign-in codes, payment confirmations and pickup notices.",

  "terms.liability.title": "Liability",
  "terms.liability.1":
    "The Company does its best to keep the information on this website accurate, but product photos are for reference only; the actual products may differ slightly in appearance, size and packaging.",
  "terms.liability.2":
    "If delivery is delayed or cannot be made because of weather, traffic, suppliers or other causes beyond the Company's reasonable control, the Company will inform members as soon as possible and make refunds under the terms above; the Company is not liable for any indirect loss.",

  "terms.changes.title": "Changes to these terms",
  "terms.changes.1":
    "The Company may revise these terms and conditions from time to time. The revised version will be published on this page with the date of the last update.",
  "terms.changes.2":
    "By continuing to use this website or place orders after a revision takes effect, you accept the revised terms. Orders already confirmed are handled under the terms in force when they were placed.",

  "terms.law.title": "Governing law",
  "terms.law.1":
    "These terms and conditions are governed by and construed in accordance with the laws of the Hong Kong Special Administrative Region.",
  "terms.law.2":
    "Both parties agree to submit any dispute arising from these terms and conditions to the non-exclusive jurisdiction of the courts of the Hong Kong Special Administrative Region.",
  "terms.law.3":
    "This English version is a translation. If there is any inconsistency between the English and Chinese versions, the Chinese version prevails.",
} satisfies Mirror<typeof zh>;
