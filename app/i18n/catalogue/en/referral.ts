import type { referral as zh } from "../referral.ts";
import type { Mirror } from "./mirror.ts";

export const referral = {
  "referral.share.title": "Your referral link",
  "referral.share.intro":
    "Send the link to friends: when a friend registers with it and makes their first purchase, you each get {percent} back in dDollar.",
  "referral.share.link": "Referral link",
  "referral.share.products":
    "Tap “Share on WhatsApp” on any product and the link carries your referral too: your friend sees the product straight away, and you're filled in as their referrer when they register.",
  "referral.share.message": "Message to share",
  "referral.share.text":
    "I'm group buying with my neighbours on Gather: good prices, and I pick up at a point nearby! Register with my referral link and we each get {percent} back in dDollar on your first purchase: {link}",
  "referral.copyPage": "Copy this page's link",
  "referral.copyLink": "Copy referral link",
  "referral.copyMessage": "Copy message",
  "referral.whatsapp": "Share on WhatsApp",
  "referral.referees.title": "Friends I've referred",
  "referral.referees.count": { by: "count", one: "# friend", other: "# friends" },
  "referral.referees.empty": "No friends have registered with your link yet.",
  "referral.referrer.title": "My referrer",
  "referral.referrer.none":
    "You have no referrer. If a friend referred you, you can add their phone number in your account details (once only, and before your first paid purchase).",
  "referral.referrer.closed":
    "You have no referrer. The programme is for new members only, and you already have a paid order, so you can no longer add one.",
  "referral.referrer.add": "Add my referrer",
  "referral.joinedOn": "Joined {weekday} {day} {month} {year}",
  "toast.linkCopied": "Link copied",
  "toast.referralLinkCopied": "Referral link copied",
  "toast.shareCopied": "Share details copied",
} satisfies Mirror<typeof zh>;
