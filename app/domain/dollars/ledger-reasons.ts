/** Why a dDollar record exists (DESIGN §4.10); the database refuses any other reason. */
export const ledgerReasons = [
  "group_refund",
  "limited_refund",
  "delivery_refund",
  "weight_refund",
  "referral_reward",
  "order_payment",
  "order_release",
  "cancel_refund",
  "late_payment_refund",
  /** Money for an order that was already paid: a second card session, or PayMe after the card (issue 44). */
  "duplicate_payment_refund",
  /** Money whose amount did not match the order's: kept whole, the order left unpaid (issue 44). */
  "mismatch_payment_refund",
  "admin_adjustment",
  /** A line found missing when the member collected the order (issue 31 item 2). */
  "missing_refund",
  /** Kept money (above) taken back from dDollar because it went back to its card or transfer (issue 46). */
  "kept_payment_returned",
] as const;
/** dDollar records per page, for members and in the back office. */
export const LEDGER_PAGE_SIZE = 50;

export type LedgerReason = (typeof ledgerReasons)[number];
