/** HKD in integer cents; formatted only at the edge (DESIGN §4.1). */
export type Cents = number;

const formatter = new Intl.NumberFormat("en-HK", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatCents(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${formatter.format(Math.abs(cents) / 100)}`;
}

/** Rounds half up (away from zero for positives), once per line or amount. */
export function roundHalfUp(value: number): Cents {
  return Math.sign(value) * Math.round(Math.abs(value) + Number.EPSILON * Math.abs(value));
}
