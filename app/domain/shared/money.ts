/** HKD in integer cents; formatted only at the edge (DESIGN §4.1). */
export type Cents = number;

/**
 * `$1,234.50`, worked out from the whole cents rather than with `Intl.NumberFormat`: the first Intl
 * formatter a page makes costs a phone about 50 ms of blocked main thread (decision 0019), and this
 * was the only one the storefront made.
 */
export function formatCents(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const whole = Math.abs(cents);
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const rest = String(whole % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}$${dollars}.${rest}`;
}

/** Rounds half up (away from zero for positives), once per line or amount. */
export function roundHalfUp(value: number): Cents {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}

/** Weights are kept to three decimals (numeric(_, 3) in PostgreSQL). */
const WEIGHT_SCALE = 1_000;

/**
 * cents × a quantity of at most three decimals (a weight, or a piece count), rounded half up once.
 * Exact: the quantity is taken in thousandths, so the product is a whole number and a half is
 * exactly a half, as PostgreSQL's numeric `round` sees it. Settlement computes the same amounts in
 * SQL; the two must agree to the cent (tested in app/services/cycles/settlement-credits.server.test.ts).
 */
export function centsTimes(cents: Cents, quantity: number): Cents {
  const thousandths = Math.round(quantity * WEIGHT_SCALE);
  return roundHalfUp((cents * thousandths) / WEIGHT_SCALE);
}
