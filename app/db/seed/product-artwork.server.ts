/**
 * Demo product photos, drawn like the rest of the demo artwork (SVG → WebP, no text, no network):
 * a cover with the food on a plate, and for some products a second "on the board" view.
 */
import {
  AirVent,
  Apple,
  Bean,
  Beef,
  Beer,
  Cake,
  Carrot,
  Cookie,
  CookingPot,
  CupSoda,
  Droplet,
  Drumstick,
  Fish,
  Flame,
  Gift,
  Ham,
  Leaf,
  LeafyGreen,
  type LucideIcon,
  Milk,
  Package,
  Salad,
  Shirt,
  Shrimp,
  Snowflake,
  Soup,
  Sparkles,
  SprayCan,
  Sprout,
  Utensils,
  WashingMachine,
  Wheat,
  Wine,
} from "lucide-react";
import { type Artwork, confetti, icon, linear, randomFrom, svgDocument } from "./artwork.server.ts";
import type { Palette } from "./demo-data.ts";

const productIcons = {
  beef: Beef,
  ham: Ham,
  drumstick: Drumstick,
  fish: Fish,
  shrimp: Shrimp,
  leafy: LeafyGreen,
  salad: Salad,
  carrot: Carrot,
  sprout: Sprout,
  apple: Apple,
  wheat: Wheat,
  bean: Bean,
  soup: Soup,
  pot: CookingPot,
  droplet: Droplet,
  milk: Milk,
  cookie: Cookie,
  cake: Cake,
  cup: CupSoda,
  wine: Wine,
  beer: Beer,
  snowflake: Snowflake,
  package: Package,
  gift: Gift,
  flame: Flame,
  utensils: Utensils,
  spray: SprayCan,
  aircon: AirVent,
  washer: WashingMachine,
  shirt: Shirt,
} satisfies Record<string, LucideIcon>;

export type ProductIcon = keyof typeof productIcons;

const PRODUCT_ART_SIZE = 600;

/** The cover: the product's icon on a white plate over the category's pastel colours. */
export function productCoverArt(name: string, iconName: ProductIcon, palette: Palette, ink: string): Artwork {
  const size = PRODUCT_ART_SIZE;
  const random = randomFrom(name);
  const tilt = Math.round(random() * 24 - 12);
  const garnish = [Leaf, Sparkles, Sprout][Math.floor(random() * 3)]!;
  const body = [
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    confetti(name, size, size, 18),
    `<ellipse cx="300" cy="505" rx="190" ry="26" fill="${ink}" opacity="0.12"/>`,
    `<circle cx="300" cy="295" r="205" fill="#ffffff" opacity="0.92"/>`,
    `<circle cx="300" cy="295" r="172" fill="none" stroke="${ink}" stroke-width="3" opacity="0.14"/>`,
    `<g transform="rotate(${tilt} 300 295)">${icon(productIcons[iconName], { x: 300, y: 295, size: 230, color: ink, stroke: 1.3 })}</g>`,
    `<g opacity="0.55">${icon(garnish, { x: 92, y: 96, size: 64, color: ink, stroke: 1.6 })}</g>`,
    `<g opacity="0.4">${icon(garnish, { x: 520, y: 530, size: 48, color: ink, stroke: 1.6 })}</g>`,
  ].join("");
  return { name, width: size, height: size, svg: svgDocument(size, size, linear("bg", palette), body) };
}

/** A second view: several pieces on a wooden board, for the drawer's gallery. */
export function productBoardArt(name: string, iconName: ProductIcon, palette: Palette, ink: string): Artwork {
  const size = PRODUCT_ART_SIZE;
  const Icon = productIcons[iconName];
  const defs = `${linear("bg", [palette[1], "#fffaf3"], "vertical")}${linear("board", ["#d9a06b", "#b77a45"])}`;
  let grain = "";
  for (let i = 0; i < 5; i++) {
    const y = 200 + i * 52;
    grain += `<path d="M100 ${y} q 200 ${i % 2 === 0 ? 14 : -14} 400 0" fill="none" stroke="#8a5228" stroke-width="2" opacity="0.18"/>`;
  }
  const body = [
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>`,
    confetti(name, size, size * 0.4, 10, ink),
    `<rect x="64" y="150" width="472" height="330" rx="40" fill="url(#board)"/>`,
    `<circle cx="506" cy="180" r="12" fill="#fffaf3" opacity="0.9"/>`,
    grain,
    icon(Icon, { x: 220, y: 318, size: 170, color: "#fffaf3", stroke: 1.5 }),
    icon(Icon, { x: 400, y: 262, size: 110, color: "#fffaf3", stroke: 1.5 }),
    icon(Icon, { x: 408, y: 392, size: 96, color: "#fffaf3", stroke: 1.5 }),
    `<g opacity="0.6">${icon(Sprout, { x: 110, y: 530, size: 52, color: ink, stroke: 1.6 })}</g>`,
  ].join("");
  return { name, width: size, height: size, svg: svgDocument(size, size, defs, body) };
}
