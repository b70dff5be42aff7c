/**
 * Image variants (DESIGN §1 images): every uploaded or demo picture is stored as WebP at the widths
 * below that fit inside the original, plus the original width when it is narrower than the widest,
 * each named `…-<width>w.webp`. The public URL kept in the database is the widest file; the
 * storefront derives the others from it.
 */

/** Widths written for each picture, narrowest first. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** Upload limits: the file as sent, and its decoded size (a small file can declare huge dimensions). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Where a picture belongs; also the first part of its storage key. */
const IMAGE_FOLDERS = [
  "products",
  "banners",
  "merchants",
  "brands",
  "categories",
  "pickup-points",
  // Pictures in campaign emails (issue 7).
  "emails",
] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export function isImageFolder(value: unknown): value is ImageFolder {
  return typeof value === "string" && (IMAGE_FOLDERS as readonly string[]).includes(value);
}

/** The widths to write for a picture `originalWidth` pixels wide: never wider than the original. */
export function variantWidths(originalWidth: number): number[] {
  const widest = Math.max(...IMAGE_WIDTHS);
  const top = Math.min(Math.max(1, Math.floor(originalWidth)), widest);
  return [...IMAGE_WIDTHS.filter((width) => width < top), top];
}

/** `<stem>-<width>w.webp`, the name of one variant. */
export function variantName(stem: string, width: number): string {
  return `${stem}-${width}w.webp`;
}

const variantPattern = /-([1-9]\d*)w\.webp$/;

/**
 * The `srcset` for a picture URL: every variant written beside the widest one, or just the URL for
 * a picture that was not stored as variants (e.g. a link an admin typed in). Kept small: it ships
 * with every storefront page that shows a picture.
 */
export function srcSetFor(url: string): string {
  const match = variantPattern.exec(url);
  if (!match) return url;
  const stem = url.slice(0, match.index);
  const widest = Number(match[1]);
  return [...IMAGE_WIDTHS.filter((width) => width < widest), widest]
    .map((width) => `${stem}-${width}w.webp ${width}w`)
    .join(", ");
}
