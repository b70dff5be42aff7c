/**
 * Uploaded images are stored at full width as `…-<width>w.webp` beside a copy at half that width
 * (app/db/seed/artwork.server.ts writes them so). This gives the `srcset` for such a URL; any
 * other URL has none and is used as it is.
 */
export function srcSetFor(src: string): string | undefined {
  const match = /-(\d+)w\.webp$/.exec(src);
  if (!match) return undefined;
  const full = Number(match[1]);
  const half = Math.round(full / 2);
  return `${src.slice(0, match.index)}-${half}w.webp ${half}w, ${src} ${full}w`;
}
