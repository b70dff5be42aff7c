/** Text helpers of the content pages; amounts themselves are computed in cents (domain/shared/money.ts). */

/**
 * Fills `{name}` placeholders like `t()` does. The long page texts live in per-page catalogue
 * modules (app/i18n/catalogue/pages/) imported by their routes only, so they stay out of the
 * JavaScript of every other page; they are plain strings rather than catalogue keys.
 */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** "1.5%" from 1.5, "5%" from 5. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** The card fee setting is stored in basis points (150 = 1.5%). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}
