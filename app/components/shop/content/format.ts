/** Figures the content pages quote from the settings; amounts themselves are computed in cents (domain/shared/money.ts). */

/** "1.5%" from 1.5, "5%" from 5. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** The card fee setting is stored in basis points (150 = 1.5%). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}
