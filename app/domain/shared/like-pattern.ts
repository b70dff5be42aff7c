/**
 * An ILIKE pattern matching `text` anywhere, with the wildcards % and _ (and the escape \) that a
 * shopper or an admin typed taken literally. Every search box of the shop and the back office.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
