/** An email with both parts (DESIGN §5): every client shows one of them. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's display name (the shop's name); the address is EMAIL_FROM. */
  fromName?: string;
  /**
   * A Message-ID of our own, e.g. derived from campaign and member, so that a copy sent twice is
   * recognisable as the same message (decision 0007). Without angle brackets.
   */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe for campaigns. */
  headers?: Record<string, string>;
}

export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  /** Lets go of open connections (graceful stop). */
  close?(): void;
}

/**
 * Why a send failed, which decides what the sender does next (decision 0007):
 * - `rejected`: the server refused this message for good (5xx); trying again cannot help;
 * - `deferred`: the server put this message off (4xx); try it again later;
 * - `unavailable`: the server could not be reached or would not talk (refused connection, timeout,
 *   421, sign-in failure) before it had the message; try again later and slow down for everyone;
 * - `unknown`: the connection broke after the message was handed over, so it may have arrived;
 *   not tried again, so nobody gets it twice.
 */
export type EmailFailure = "rejected" | "deferred" | "unavailable" | "unknown";

export class EmailSendError extends Error {
  readonly failure: EmailFailure;
  constructor(
    message: string,
    /** False when retrying cannot help (the server refused the address itself). */
    readonly retryable = true,
    failure?: EmailFailure,
  ) {
    super(message);
    this.name = "EmailSendError";
    this.failure = failure ?? (retryable ? "deferred" : "rejected");
  }
}
