/**
 * The two rates the shop sets for itself (DESIGN §4.15): the card fee and the referral reward.
 * Their live values are site settings; these are the defaults of a new shop and the limits the
 * back office accepts. Every amount that uses them goes through `cardFee` (checkout.ts) and
 * `referralReward` (app/services/cycles/settlement-rules.server.ts, decision 0037).
 */

/** SPEC §9: 1.5%, kept in basis points so no amount goes through a fractional percentage. */
export const DEFAULT_CARD_FEE_BASIS_POINTS = 150;
/** SPEC §9: 5% for the referee and 5% for the referrer. */
export const DEFAULT_REFERRAL_PERCENT = 5;

/** 10%: more than any card provider charges; a typo such as 15 for 1.5 is refused. */
export const CARD_FEE_MAX_BASIS_POINTS = 1_000;
/** Both sides together never get more than the purchase was worth. */
export const REFERRAL_MAX_PERCENT = 50;
