import { isHkPhone, normalizeHkPhone } from "../shared/phone.ts";

/**
 * Who may be named as a member's referrer (SPEC §5, DESIGN §4.8 and §4.11, decision 0049): a
 * registered member, not the member themself, once; only by a member with no paid order yet (the
 * programme is for new members); and never one that closes a loop, that is a member whose own chain
 * of referrers leads back to the member naming them (A→B→A, A→B→C→A).
 */
export type ReferrerRefusal =
  | "referrer_self"
  | "referrer_missing"
  | "referrer_locked"
  | "referrer_after_purchase"
  | "referrer_loop";

export interface ReferrerCandidate {
  /** The member naming a referrer; null at registration, before the member exists. */
  memberId: string | null;
  memberPhone: string;
  /** The referrer already recorded for the member, if any. */
  currentReferrerId: string | null;
  /** Whether the member has an order that reached paid and was not cancelled or expired. */
  hasPaidOrder: boolean;
  /** The referrer as named: a phone or a referral code (`normalizeReferrer`). */
  referrerPhone: string;
  /**
   * The member with that phone and their chain of referrers, nearest first (their referrer's id,
   * then that one's referrer's, …); null when no member has that phone.
   */
  referrer: { id: string; chain: readonly string[] } | null;
}

/** Why the referrer cannot be recorded, or null when it can be (or already is). */
export function referrerRefusal(candidate: ReferrerCandidate): ReferrerRefusal | null {
  if (candidate.referrerPhone === candidate.memberPhone) return "referrer_self";
  const { referrer } = candidate;
  if (!referrer) return "referrer_missing";
  // Named by their own referral code.
  if (referrer.id === candidate.memberId) return "referrer_self";
  if (candidate.currentReferrerId === referrer.id) return null;
  if (candidate.currentReferrerId) return "referrer_locked";
  if (candidate.hasPaidOrder) return "referrer_after_purchase";
  if (candidate.memberId && [referrer.id, ...referrer.chain].includes(candidate.memberId))
    return "referrer_loop";
  return null;
}

/**
 * A member's referral code (DESIGN §4.11, issue 47 item 6): eight capital letters without I and O,
 * never digits, so a share link's `ref` is told from a phone number by its shape alone.
 */
export const REFERRAL_CODE = /^[A-HJ-NP-Z]{8}$/;

/** `ref` or the referrer field as typed: a code in capitals, or the phone's 8 digits. */
export function normalizeReferrer(value: string): string {
  const trimmed = value.trim();
  return /^[a-z]{8}$/i.test(trimmed) ? trimmed.toUpperCase() : normalizeHkPhone(trimmed);
}

/** Whether a normalised referrer names someone the way the shop can look up: a phone or a code. */
export function isReferrerKey(value: string): boolean {
  return isHkPhone(value) || REFERRAL_CODE.test(value);
}
