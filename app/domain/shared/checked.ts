/**
 * What a domain check of outside input answers (decision 0038): `ok` with what it read, or the one
 * problem it found, as a code the catalogue words. Services answer with a `status` union instead,
 * since their callers branch on more outcomes than these two.
 */
export type Checked<Value extends object, Problem> = ({ ok: true } & Value) | { ok: false; error: Problem };
