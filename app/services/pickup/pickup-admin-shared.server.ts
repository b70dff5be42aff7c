/** What the back office's district and point writes share: PostgreSQL's error codes. */

/** PostgreSQL's error code, as node-postgres reports it (drizzle wraps it in `cause`). */
export function pgCode(error: unknown): unknown {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) ?? code((error as { cause?: unknown } | null)?.cause);
}
export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
