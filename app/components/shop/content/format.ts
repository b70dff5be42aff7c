/** Text helpers of the content pages; amounts themselves are computed in cents (domain/money.ts). */

/** "1.5%" from 1.5, "5%" from 5. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** The card fee setting is stored in basis points (150 = 1.5%). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** Splits a catalogue text into paragraphs or clauses, one per line. */
export function paragraphs(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}
