/**
 * The end of a transaction sent in one go (decision 0023). The pool's connections are pipelined:
 * a statement sent before the one ahead of it has answered goes to PostgreSQL at once. A
 * transaction's callback that sends its last statements without awaiting them and returns
 * `withCommit(statements)` has drizzle send `commit` right behind them, so PostgreSQL runs them and
 * commits without waiting for this process in between: row locks they take are held for the time
 * PostgreSQL needs, not for round trips through a busy event loop.
 *
 * If one of them fails, PostgreSQL has aborted the transaction and answers that `commit` by rolling
 * back; drizzle sees no error there, so the caller must ask `failure()` after the transaction.
 */

export interface SentWithCommit {
  /** The first of the statements' errors (the transaction was rolled back), or undefined. */
  failure(): Promise<unknown>;
}

/**
 * Watches `statements` already sent on a transaction's connection. Their errors are kept, not
 * thrown: if drizzle's `commit` throws first, no rejection is left unhandled.
 */
export function withCommit(statements: readonly Promise<unknown>[]): SentWithCommit {
  const failed = Promise.all(statements).then(
    () => undefined,
    (error: unknown) => error ?? new Error("a statement sent with the commit failed"),
  );
  return { failure: () => failed };
}
