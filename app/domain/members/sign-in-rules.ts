/** DESIGN §4.14: limits on SMS codes, sign-in failures and sessions. */
export const signInRules = {
  codeDigits: 6,
  codeTtlMs: 5 * 60_000,
  maxAttemptsPerCode: 5,
  resendAfterMs: 60_000,
  maxCodesPerPhonePerHour: 5,
  maxCodesPerIpPerHour: 20,
  /**
   * Codes per 24 hours for the whole shop, a budget per purpose (issue 26): codes to unknown
   * numbers (registration) can run theirs out without stopping registered members signing in.
   */
  maxCodesPerDay: { login: 5_000, register: 2_000 },
  /** The back office warns once a budget is this far used. */
  budgetWarnShare: 0.8,
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  sessionMs: 30 * 24 * 60 * 60_000,
} as const;
