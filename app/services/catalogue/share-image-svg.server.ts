/**
 * The SVG layer of a share picture (issue 31 item 3): 1200×630, text on the right, the photos
 * composited on the left by share-image.server.ts. librsvg draws the text with fontconfig's fonts;
 * Noto Sans CJK (fonts-noto-cjk) is named first so every Chinese glyph has a face.
 */

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
/** The photo's square on the left; the text panel takes the rest. */
export const PHOTO_SIZE = 630;

const FONT =
  "'Noto Sans CJK HK', 'Noto Sans CJK TC', 'Noto Sans HK', 'Noto Sans TC', 'PingFang HK', 'Microsoft JhengHei', sans-serif";
const BRAND = "#6b3f1d";
const BRAND_DARK = "#3a210f";
const BRAND_LIGHT = "#fbf6f1";
const ACCENT = "#e0502b";
const GREEN = "#047857";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Rough advance of one character in ems: CJK and full-width forms are square, Latin about half. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80 || (code >= 0x1100 && code <= 0x11ff)) return 1;
  if (/[A-Z%@#&]/.test(char)) return 0.64;
  if (/[0-9$]/.test(char)) return 0.57;
  if (char === " ") return 0.3;
  return 0.52;
}

/**
 * Breaks text into at most `maxLines` lines of `width` pixels at `size`: anywhere between CJK
 * characters, at spaces in Latin runs; the last line ends in "…" when text is left over.
 */
export function wrapText(text: string, size: number, width: number, maxLines: number): string[] {
  const limit = width / size;
  const lines: string[] = [];
  let line = "";
  let used = 0;
  const chars = [...text.replace(/\s+/g, " ").trim()];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    const advance = charWidth(char);
    if (used + advance > limit && line) {
      // Keep a Latin word whole when it fits on a line of its own.
      const space = line.lastIndexOf(" ");
      const latin = /[\x21-\x7e]/.test(char) && space > 0 && line.length - space < 16;
      if (latin) {
        lines.push(line.slice(0, space));
        line = line.slice(space + 1);
        used = [...line].reduce((sum, c) => sum + charWidth(c), 0);
      } else {
        lines.push(line);
        line = "";
        used = 0;
      }
      if (lines.length === maxLines) {
        let last = lines[maxLines - 1] as string;
        let lastWidth = [...last].reduce((sum, c) => sum + charWidth(c), 0);
        while (lastWidth + 1 > limit && last.length > 0) {
          const dropped = [...last].pop() as string;
          last = last.slice(0, -dropped.length);
          lastWidth -= charWidth(dropped);
        }
        lines[maxLines - 1] = `${last.trimEnd()}…`;
        return lines;
      }
      if (char === " ") continue;
    }
    line += char;
    used += advance;
  }
  if (line) lines.push(line);
  return lines;
}

interface TextBlock {
  text: string;
  size: number;
  color: string;
  weight?: 400 | 700 | 900;
  maxLines?: number;
  /** Space above the block, in pixels. */
  gap?: number;
  /** Shrink the font (not below 60%) so the text fits on one line. */
  fit?: boolean;
}

function emsOf(text: string): number {
  return [...text].reduce((sum, char) => sum + charWidth(char), 0);
}

/** Stacks the blocks from `top` down in the panel at `left`, `width` wide; returns the SVG and the bottom. */
function stack(blocks: TextBlock[], left: number, top: number, width: number) {
  let y = top;
  const parts: string[] = [];
  for (const block of blocks) {
    y += block.gap ?? 0;
    const size = block.fit
      ? Math.max(Math.round(block.size * 0.6), Math.min(block.size, Math.floor(width / emsOf(block.text))))
      : block.size;
    const lineHeight = Math.round(size * 1.3);
    for (const line of wrapText(block.text, size, width, block.maxLines ?? 2)) {
      y += lineHeight;
      parts.push(
        `<text x="${left}" y="${y - Math.round(size * 0.28)}" font-size="${size}" font-weight="${block.weight ?? 400}" fill="${block.color}">${escapeXml(line)}</text>`,
      );
    }
  }
  return { svg: parts.join(""), bottom: y };
}

function frame(content: string, shopName: string, left: number, photo: boolean): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}" font-family="${FONT}">
<rect x="${photo ? PHOTO_SIZE : 0}" y="0" width="${SHARE_WIDTH - (photo ? PHOTO_SIZE : 0)}" height="${SHARE_HEIGHT}" fill="${BRAND_LIGHT}"/>
<rect x="${left - 4}" y="40" width="8" height="56" rx="4" fill="${ACCENT}"/>
<text x="${left + 20}" y="84" font-size="40" font-weight="900" fill="${BRAND}">${escapeXml(shopName)}</text>
${content}
</svg>`;
}

export interface ProductCard {
  shopName: string;
  name: string;
  price: string;
  progress: { line: string; percent: number; met: boolean } | null;
  cutoff: string | null;
  /** A closing line at the foot of the panel. */
  footer: string;
}

/** A product: name, group price, progress bar and wording, cut-off (Hong Kong time). */
export function productSvg(card: ProductCard): string {
  const left = PHOTO_SIZE + 48;
  const width = SHARE_WIDTH - left - 44;
  const head = stack(
    [
      { text: card.name, size: 48, color: BRAND_DARK, weight: 700, maxLines: 2, gap: 0 },
      { text: card.price, size: 56, color: ACCENT, weight: 900, maxLines: 2, gap: 22, fit: true },
    ],
    left,
    118,
    width,
  );
  let y = head.bottom + 30;
  const parts = [head.svg];
  if (card.progress) {
    const filled = Math.max(
      card.progress.percent > 0 ? 16 : 0,
      Math.round((width * card.progress.percent) / 100),
    );
    parts.push(
      `<rect x="${left}" y="${y}" width="${width}" height="16" rx="8" fill="#e7e5e4"/>`,
      filled > 0
        ? `<rect x="${left}" y="${y}" width="${filled}" height="16" rx="8" fill="${card.progress.met ? GREEN : ACCENT}"/>`
        : "",
    );
    const words = stack(
      [
        {
          text: card.progress.line,
          size: 32,
          color: card.progress.met ? GREEN : BRAND_DARK,
          weight: 700,
          maxLines: 2,
          fit: true,
        },
      ],
      left,
      y + 22,
      width,
    );
    parts.push(words.svg);
    y = words.bottom + 14;
  }
  if (card.cutoff)
    parts.push(
      stack([{ text: card.cutoff, size: 28, color: BRAND, maxLines: 2, fit: true }], left, y, width).svg,
    );
  parts.push(
    `<text x="${left}" y="${SHARE_HEIGHT - 44}" font-size="30" font-weight="700" fill="${ACCENT}">${escapeXml(card.footer)}</text>`,
  );
  return frame(parts.join("\n"), card.shopName, left, true);
}

export interface PlainCard {
  shopName: string;
  title: string;
  lines: string[];
  /** Whether photos fill the left square (otherwise the panel spans the picture). */
  photo: boolean;
}

/** A merchant or the home page: a title and a few lines beside the photos. */
export function plainSvg(card: PlainCard): string {
  const left = card.photo ? PHOTO_SIZE + 48 : 80;
  const width = SHARE_WIDTH - left - 60;
  const body = stack(
    [
      { text: card.title, size: 58, color: BRAND_DARK, weight: 900, maxLines: 3, fit: true },
      ...card.lines.map((text) => ({ text, size: 32, color: BRAND, maxLines: 2, gap: 18, fit: true })),
    ],
    left,
    140,
    width,
  );
  return frame(body.svg, card.shopName, left, card.photo);
}
