/** A JSON-friendly value for the audit log: dates become ISO text so before/after compare and store cleanly. */
type AuditValue = string | number | boolean | null | readonly unknown[] | Record<string, unknown>;

function auditValue(value: unknown): AuditValue {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as AuditValue;
}

/**
 * The fields of `keys` whose value differs between two versions of a record, as the before and
 * after halves of an audit entry; null when nothing changed (then nothing is written either).
 */
export function changedFields<Row extends Record<string, unknown>>(
  before: Row,
  after: Partial<Row>,
  keys: readonly (keyof Row & string)[],
): { before: Record<string, AuditValue>; after: Record<string, AuditValue> } | null {
  const changed = { before: {} as Record<string, AuditValue>, after: {} as Record<string, AuditValue> };
  for (const key of keys) {
    if (!(key in after)) continue;
    const old = auditValue(before[key]);
    const next = auditValue(after[key]);
    if (JSON.stringify(old) === JSON.stringify(next)) continue;
    changed.before[key] = old;
    changed.after[key] = next;
  }
  return Object.keys(changed.after).length > 0 ? changed : null;
}
