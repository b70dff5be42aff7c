/**
 * How campaign emails are paced and retried (issue 7 item 3, decision 0007). Pure maths: the
 * sender in services/ passes the clock in.
 */

/** A recipient is given up on (status failed) after this many tries that the server put off. */
export const MAX_SEND_ATTEMPTS = 5;

/** The first retry waits this long; each later one twice as long as the one before. */
export const RETRY_BASE_MS = 60_000;
/** No wait, for one recipient or for the whole sender, grows past this. */
export const RETRY_MAX_MS = 30 * 60_000;

/** How long to wait before the next try after `failures` failures in a row (1 = the first). */
export function retryDelayMs(failures: number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

/** Whether a recipient whose `attempts`-th try was put off may be tried again. */
export function mayRetry(attempts: number, maxAttempts = MAX_SEND_ATTEMPTS): boolean {
  return attempts < maxAttempts;
}

/** The spacing between two emails at `perMinute` emails a minute. */
export function sendIntervalMs(perMinute: number): number {
  return 60_000 / Math.max(1, perMinute);
}

/**
 * How many recipients a sender claims at once: about ten seconds of sending, at least 1 and at
 * most 100, so a claim is never held much longer than the takeover timeout allows.
 */
export function claimBatchSize(perMinute: number): number {
  return Math.min(100, Math.max(1, Math.ceil(perMinute / 6)));
}

/**
 * An even pace without bursts: each email has a slot `interval` after the previous one, and time
 * spent idle is not saved up for a burst later. `nextSlotAt` is null before the first email.
 */
export interface Pace {
  nextSlotAt: number | null;
}

/** Milliseconds to wait before the next email may go (0: now). */
export function waitForSlot(pace: Pace, now: number): number {
  return pace.nextSlotAt === null ? 0 : Math.max(0, pace.nextSlotAt - now);
}

/** The pace after an email went at `now`. */
export function afterSend(pace: Pace, now: number, perMinute: number): Pace {
  const sentAt = pace.nextSlotAt === null ? now : Math.max(pace.nextSlotAt, now);
  return { nextSlotAt: sentAt + sendIntervalMs(perMinute) };
}

/** Sent, failed and waiting recipients of a campaign, and how far it has got (0–100). */
export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  percent: number;
}

export function campaignProgress(counts: {
  sent: number;
  failed: number;
  pending: number;
}): CampaignProgress {
  const total = counts.sent + counts.failed + counts.pending;
  const done = counts.sent + counts.failed;
  return { total, ...counts, percent: total === 0 ? 100 : Math.floor((done * 100) / total) };
}
