/**
 * What the shop emails its admins about (issue 46 item 5). Each admin can switch each kind off at
 * /admin/notifications; a kind is on until switched off.
 */
export const ADMIN_NOTICE_KINDS = [
  /** A cycle was settled: its totals. */
  "cycle_settled",
  /** Sign-in codes passed 50, 80 or 100 % of the day's SMS budget (decision 0046). */
  "sms_budget",
  /** A background job failed several times in a row. */
  "job_failing",
  /** Money that did not pay its order was kept as dDollar (decision 0048). */
  "kept_payment",
  /** In the morning: PayMe or FPS claims that reach their deadline today. */
  "claims_due",
] as const;
export type AdminNoticeKind = (typeof ADMIN_NOTICE_KINDS)[number];

/** A job's failures in a row before the admins hear of it (a single blip is only logged). */
export const JOB_FAILURES_BEFORE_NOTICE = 3;

/** The Hong Kong hour from which the morning's claims notice goes out. */
export const CLAIMS_NOTICE_HOUR = 8;

/** The kinds an admin gets: every kind except those switched off. */
export function kindsOn(switchedOff: readonly string[]): AdminNoticeKind[] {
  return ADMIN_NOTICE_KINDS.filter((kind) => !switchedOff.includes(kind));
}
