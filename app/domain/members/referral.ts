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
  if (candidate.currentReferrerId === referrer.id) return null;
  if (candidate.currentReferrerId) return "referrer_locked";
  if (candidate.hasPaidOrder) return "referrer_after_purchase";
  if (candidate.memberId && [referrer.id, ...referrer.chain].includes(candidate.memberId))
    return "referrer_loop";
  return null;
}
