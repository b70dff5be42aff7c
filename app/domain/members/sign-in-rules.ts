/** DESIGN §4.14: limits on SMS codes, sign-in failures and sessions (issue 44: per client, budget shares). */
export const signInRules = {
  codeDigits: 6,
  codeTtlMs: 5 * 60_000,
  maxAttemptsPerCode: 5,
  /** Per number and client: a stranger's sends never make the owner wait (issue 44 item 3). */
  resendAfterMs: 60_000,
  maxCodesPerPhonePerHour: 5,
  /**
   * Codes to one number per hour from every client together, against text bombing; a client that has
   * signed in to the number before (its owner's device) is not held by it.
   */
  maxCodesPerPhoneAllClientsPerHour: 10,
  /** Codes per address (IPv4, IPv6 /64) per hour before each further code needs a solved challenge. */
  maxCodesPerIpPerHour: 20,
  /** Codes per address per hour with challenges solved; past it the address waits for the next hour. */
  maxCodesPerIpPerHourWithChallenge: 200,
  /**
   * Codes per Hong Kong day for the whole shop, a budget per purpose (issue 26): codes to unknown
   * numbers (registration) can run theirs out without stopping registered members signing in.
   */
  maxCodesPerDay: { login: 5_000, register: 2_000 },
  /** Each network (IPv4 /24, IPv6 /48) may use this share of a purpose's day, no more. */
  networkShareOfDay: 0.05,
  /** Past this share of a day's budget every code needs a solved proof-of-work challenge. */
  challengeFromShare: 0.5,
  /** The admins are emailed once a day as each share is reached. */
  noticeShares: [0.5, 0.8, 1],
  /** The back office warns once a budget is this far used. */
  budgetWarnShare: 0.8,
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  sessionMs: 30 * 24 * 60 * 60_000,
} as const;
