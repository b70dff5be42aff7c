/** DESIGN §4.14: limits on SMS codes, sign-in failures and sessions. */
export const signInRules = {
  codeDigits: 6,
  codeTtlMs: 5 * 60_000,
  maxAttemptsPerCode: 5,
  resendAfterMs: 60_000,
  maxCodesPerPhonePerHour: 5,
  maxCodesPerIpPerHour: 20,
  maxCodesPerDay: 5_000,
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  sessionMs: 30 * 24 * 60 * 60_000,
} as const;
