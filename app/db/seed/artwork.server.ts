/**
 * Demo images drawn as SVG and turned into WebP with sharp, so the demo needs no network.
 * No text is drawn: a machine without a CJK font would render boxes, so words stay in the HTML.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  Beef,
  Carrot,
  Drumstick,
  Fish,
  Gift,
  Ham,
  HandHeart,
  House,
  LeafyGreen,
  type LucideIcon,
  MapPin,
  Package,
  Snowflake,
  Soup,
  Sparkles,
  Sprout,
  Store,
  TreePine,
  Users,
  Utensils,
  Wheat,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { variantName, variantWidths } from "../../domain/catalogue/images.ts";
import type { BannerArt, Palette, TileIcon } from "./demo-data.ts";

export interface Artwork {
  /** File name stem, e.g. "beef". */
  name: string;
  width: number;
  height: number;
  svg: string;
}

const tileIcons: Record<TileIcon, LucideIcon> = {
  beef: Beef,
  ham: Ham,
  utensils: Utensils,
  leafy: LeafyGreen,
  snowflake: Snowflake,
  wheat: Wheat,
  soup: Soup,
  house: House,
  store: Store,
  fish: Fish,
  drumstick: Drumstick,
  carrot: Carrot,
  package: Package,
  sparkles: Sparkles,
};

/**
 * Writes the artwork as WebP at each width an upload gets (app/domain/catalogue/images.ts: 320, 640, … up to
 * its own width) as `<name>-<hash>-<width>w.webp` under `<dataDir>/uploads/demo/<folder>/`, and
 * returns the URL of the widest file, so the storefront's `srcset` works the same for demo and
 * uploaded pictures. The hash makes the name change with the drawing (uploads are served as
 * immutable) and lets a re-seed skip files that already exist.
 */
export async function writeWebpVariants(dataDir: string, folder: string, art: Artwork): Promise<string> {
  const hash = createHash("sha256").update(art.svg).digest("hex").slice(0, 8);
  const dir = path.resolve(dataDir, "uploads", "demo", folder);
  await fs.mkdir(dir, { recursive: true });
  const stem = `${art.name}-${hash}`;
  const widths = variantWidths(art.width);
  const source = sharp(Buffer.from(art.svg));
  await Promise.all(
    widths.map(async (width) => {
      const file = path.join(dir, variantName(stem, width));
      if (await exists(file)) return;
      const pipeline = width === art.width ? source.clone() : source.clone().resize({ width });
      await pipeline.webp({ quality: 78, effort: 2 }).toFile(file);
    }),
  );
  return `/uploads/demo/${folder}/${variantName(stem, widths[widths.length - 1]!)}`;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Small deterministic random numbers, so the same seed draws the same picture (and hash). */
export function randomFrom(seed: string) {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function icon(
  Icon: LucideIcon,
  o: { x: number; y: number; size: number; color: string; stroke?: number },
) {
  return renderToStaticMarkup(
    createElement(Icon, {
      x: o.x - o.size / 2,
      y: o.y - o.size / 2,
      size: o.size,
      color: o.color,
      strokeWidth: o.stroke ?? 1.5,
    }),
  );
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

export function linear(id: string, [from, to]: Palette, angle: "diagonal" | "vertical" = "diagonal") {
  const end = angle === "diagonal" ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Soft circles and dots scattered over a background. */
export function confetti(seed: string, width: number, height: number, count: number, color = "#ffffff") {
  const random = randomFrom(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = 4 + random() * (i % 4 === 0 ? 60 : 10);
    const opacity = (0.06 + random() * 0.14).toFixed(2);
    out += `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${color}" opacity="${opacity}"/>`;
  }
  return out;
}

interface Scene {
  palette: Palette;
  main: LucideIcon;
  satellites: LucideIcon[];
  glow: string;
}

const scenes: Record<BannerArt, Scene> = {
  xmas: {
    palette: ["#b3261e", "#5e0f0b"],
    main: Gift,
    satellites: [TreePine, Snowflake, Sparkles],
    glow: "#ffd27a",
  },
  beef: {
    palette: ["#7c2d12", "#3a1407"],
    main: Beef,
    satellites: [Utensils, Sparkles, Drumstick],
    glow: "#fbbf8c",
  },
  vegetables: {
    palette: ["#2f7a34", "#123d16"],
    main: LeafyGreen,
    satellites: [Carrot, Sprout, Wheat],
    glow: "#d9f99d",
  },
  referral: {
    palette: ["#a8621a", "#4f2e15"],
    main: HandHeart,
    satellites: [Users, Gift, Sparkles],
    glow: "#fde68a",
  },
  location: {
    palette: ["#6b3f1d", "#2c1808"],
    main: MapPin,
    satellites: [Store, House, Package],
    glow: "#f3e6d8",
  },
};

/**
 * A banner whose left (wide) or top (tall) part is a calm gradient for the HTML text laid over it,
 * with a large icon on a glowing disc and smaller icons around it on the other side.
 */
export function bannerArt(name: string, scene: BannerArt, width: number, height: number): Artwork {
  const s = scenes[scene];
  const wide = width / height >= 1.6;
  const cx = wide ? width * 0.76 : width * 0.68;
  const cy = wide ? height * 0.5 : height * 0.66;
  const r = Math.min(width, height) * (wide ? 0.36 : 0.26);
  const defs = `${linear("bg", s.palette)}<radialGradient id="glow"><stop offset="0" stop-color="${s.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${s.glow}" stop-opacity="0"/></radialGradient>`;
  const orbit = s.satellites
    .map((Icon, i) => {
      const angle = (-150 + i * 95) * (Math.PI / 180);
      return icon(Icon, {
        x: cx + Math.cos(angle) * r * 1.25,
        y: cy + Math.sin(angle) * r * 1.15,
        size: r * 0.42,
        color: "#ffffff",
        stroke: 1.25,
      });
    })
    .join("");
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    confetti(`${name}-${scene}`, width, height, 40),
    `<circle cx="${cx}" cy="${cy}" r="${r * 1.6}" fill="url(#glow)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="0.14"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#ffffff" opacity="0.12"/>`,
    icon(s.main, { x: cx, y: cy, size: r * 1.05, color: "#fff7ed", stroke: 1.3 }),
    orbit,
  ].join("");
  return { name, width, height, svg: svgDocument(width, height, defs, body) };
}

/** A square category tile: pastel background, one icon in the category's ink colour. */
export function tileArt(name: string, iconName: TileIcon, palette: Palette, ink: string): Artwork {
  const size = 480;
  const defs = linear("bg", palette);
  const body = [
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    confetti(name, size, size, 14),
    `<circle cx="240" cy="250" r="150" fill="#ffffff" opacity="0.55"/>`,
    icon(tileIcons[iconName], { x: 240, y: 250, size: 210, color: ink, stroke: 1.4 }),
  ].join("");
  return { name, width: size, height: size, svg: svgDocument(size, size, defs, body) };
}

/** A round logo badge for merchants and brands. */
export function badgeArt(name: string, iconName: TileIcon, palette: Palette, ring = "#ffffff"): Artwork {
  const size = 320;
  const defs = linear("bg", palette);
  const body = [
    `<circle cx="160" cy="160" r="156" fill="url(#bg)"/>`,
    `<circle cx="160" cy="160" r="132" fill="none" stroke="${ring}" stroke-width="6" opacity="0.85"/>`,
    `<circle cx="160" cy="160" r="118" fill="none" stroke="${ring}" stroke-width="2" stroke-dasharray="4 10" opacity="0.6"/>`,
    icon(tileIcons[iconName], { x: 160, y: 160, size: 150, color: "#ffffff", stroke: 1.5 }),
  ].join("");
  return { name, width: size, height: size, svg: svgDocument(size, size, defs, body) };
}

/** A street-corner shopfront (awning, window, door) for a pickup point's own banner. */
export function shopfrontArt(name: string, awning: Palette, width: number, height: number): Artwork {
  const defs = `${linear("sky", ["#fdf6ec", "#f3e6d8"], "vertical")}${linear("wall", ["#e6cbb0", "#d4a67f"], "vertical")}`;
  const shopW = Math.min(width * 0.62, height * 1.5);
  const x0 = (width - shopW) / 2;
  const top = height * 0.18;
  const ground = height * 0.9;
  const stripes = 8;
  const stripeW = shopW / stripes;
  let awningSvg = `<rect x="${x0}" y="${top}" width="${shopW}" height="${height * 0.06}" rx="6" fill="${awning[0]}"/>`;
  for (let i = 0; i < stripes; i++) {
    const x = x0 + i * stripeW;
    const color = i % 2 === 0 ? awning[0] : awning[1];
    // Each stripe ends in a scallop, like the canvas awnings over Hong Kong shopfronts.
    awningSvg += `<path d="M${x} ${top + height * 0.06} h${stripeW} v${height * 0.1} a${stripeW / 2} ${stripeW / 3} 0 0 1 ${-stripeW} 0 z" fill="${color}"/>`;
  }
  const windowTop = top + height * 0.3;
  const body = [
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    confetti(name, width, height * 0.6, 16, "#d4a67f"),
    `<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="#a8a29e"/>`,
    `<rect x="${x0}" y="${top}" width="${shopW}" height="${ground - top}" fill="url(#wall)"/>`,
    `<rect x="${x0 + shopW * 0.06}" y="${windowTop}" width="${shopW * 0.5}" height="${(ground - windowTop) * 0.62}" rx="6" fill="#fffaf3" stroke="#6b3f1d" stroke-width="6"/>`,
    icon(Package, {
      x: x0 + shopW * 0.31,
      y: windowTop + (ground - windowTop) * 0.31,
      size: height * 0.2,
      color: "#8a5228",
    }),
    `<rect x="${x0 + shopW * 0.64}" y="${windowTop}" width="${shopW * 0.28}" height="${ground - windowTop}" rx="4" fill="#6b3f1d"/>`,
    `<circle cx="${x0 + shopW * 0.67}" cy="${windowTop + (ground - windowTop) * 0.55}" r="5" fill="#f3e6d8"/>`,
    awningSvg,
    icon(MapPin, {
      x: x0 + shopW + height * 0.14,
      y: top + height * 0.12,
      size: height * 0.22,
      color: awning[0],
      stroke: 2,
    }),
  ].join("");
  return { name, width, height, svg: svgDocument(width, height, defs, body) };
}
