import type { referralText as zh } from "../../pages/referral.ts";
import type { Mirror } from "../mirror.ts";

export const referralText = {
  "page.referral.title": "Referral programme",
  "page.referral.description":
    "Invite friends to Gather: after a friend's first purchase, you and your friend each get {percent} of that purchase's items amount in dDollar. {total} in referral rewards, split between you.",
  "referral.eyebrow": "Referral programme",
  "referral.headline": "Refer a friend and you each get {percent} in dDollar",
  "referral.split": "{total} in referral rewards, split between you",
  "referral.lead":
    "When a friend makes their first purchase on Gather, you and your friend each get {percent} of that purchase's items amount in dDollar, taken off your next purchase automatically.",
  "referral.base":
    "The items amount is the total for the products at checkout, before any discount code. Group refunds and weight differences don't reduce the reward; delivery charges and credit card fees aren't counted.",
  "referral.steps.title": "How it works",
  "referral.step.invite.title": "Invite friends",
  "referral.step.invite.body":
    "Give your friends the mobile number you registered with. Once you're signed in, you can also get your own referral link on this page.",
  "referral.step.register.title": "Your friend registers",
  "referral.step.register.body":
    "When registering, your friend enters your phone number under “Referrer's phone number”. If they forget, they can add it once in their account details.",
  "referral.step.purchase.title": "Their first purchase",
  "referral.step.purchase.body":
    "Your friend picks what they like and completes their first paid purchase. The referrer must be added before that first paid purchase (when registering, or later in their account details).",
  "referral.step.reward.title": "You both get rewarded",
  "referral.step.reward.body":
    "Once the round is settled after the cut-off, you and your friend each get {percent} of the first purchase's items amount in dDollar.",
  "referral.example.title": "Example: your friend's first purchase has an items amount of {amount}",
  "referral.example.referrer": "dDollar for you (the referrer)",
  "referral.example.referee": "dDollar for your friend (the new member)",
  "referral.example.total": "Referral rewards in total",
  "referral.example.outcome":
    "Once the round is settled after the cut-off, you each get {each} more dDollar, taken off your next purchase automatically.",
  "referral.rules.title": "Things to know",
  "referral.rules.1": "The referrer must be a registered Gather member. You can't refer yourself.",
  "referral.rules.2": "Each new member can add only one referrer, and can't change it afterwards.",
  "referral.rules.3":
    "The reward is worked out on the first purchase's items amount, i.e. the total for the products at checkout (before any discount code), not counting delivery charges or credit card fees. Group refunds and weight differences don't affect the reward.",
  "referral.rules.4":
    "The first purchase is the new member's first paid order (cancelled orders don't count), and it must be placed after the referrer was added. If the order was placed before the referrer was added, neither of you gets a reward.",
  "referral.rules.5":
    "The programme is for new members only: a member who already has a paid order can no longer add a referrer.",
  "referral.rules.6":
    "No referring each other: a friend you referred (or a member they went on to refer) can't become your referrer.",
  "referral.rules.7":
    "Rewards are paid in dDollar once the round is settled after the cut-off. You can see them under “My dDollar”.",
  "referral.rules.8": "There's no limit: the more friends you refer, the more dDollar you get.",
  "referral.rules.terms": "The referral programme is subject to our terms and conditions.",
  "referral.rules.termsLink": "Read the terms and conditions",
  "referral.join.title": "Not a member yet?",
  "referral.join.body":
    "All you need is a Hong Kong mobile number, and it takes a minute. Remember to enter your referrer's phone number!",
  "referral.join.register": "Register now",
  "referral.join.login": "Already a member? Sign in",
} satisfies Mirror<typeof zh>;
