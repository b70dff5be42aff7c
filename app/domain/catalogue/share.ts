/**
 * A deal as it is shared (issue 31 item 3): the WhatsApp message, the preview's description and the
 * lines drawn on the share picture. Words come in as templates of the link's language (`share.*`
 * keys, issue 48 item 4) with its formats for amounts, units and the cut-off, so this stays pure;
 * the numbers are the live ones the drawer shows.
 */

import { REFERRAL_CODE } from "../members/index.ts";
import { PIECE_UNIT, type ProductMode } from "../shared/pricing.ts";
import { groupProgress } from "./catalogue.ts";

/** The `share.*` templates a share text needs, `{name}` placeholders as in the catalogue. */
export interface ShareWords {
  "share.price": string;
  "share.pricePerUnit": string;
  "share.progress": string;
  "share.progressFirst": string;
  "share.progressMet": string;
  "share.cutoff": string;
}

/** A language's words and formats for a shared deal: "$198.00" or "HK$198.00", 磅 or "lb". */
export interface ShareFormat {
  words: ShareWords;
  money(cents: number): string;
  unit(unit: string): string;
  cutoff(instant: Date): string;
}

export interface SharedDeal {
  id: number;
  name: string;
  mode: ProductMode;
  gatherPriceCents: number;
  unit: string;
  targetBuyers: number | null;
  /** The live count: distinct members with a paid line in the open cycle (DESIGN §4.3). */
  buyers: number;
}

export interface ShareLines {
  name: string;
  price: string;
  /** "已有 N 人參加，還差 M 人成團"; null outside group rules (instock, no target). */
  progress: string | null;
  /** The open cycle's cut-off in Hong Kong time; null for instock or with no open cycle. */
  cutoff: string | null;
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in params ? String(params[key]) : match,
  );
}

/** "已有 N 人參加，還差 M 人成團", or the first-buyer and reached-target wordings; null without a group. */
function progressLine(deal: Pick<SharedDeal, "mode" | "targetBuyers" | "buyers">, { words }: ShareFormat) {
  const progress = groupProgress(deal, deal.buyers);
  if (!progress) return null;
  if (progress.met) return fill(words["share.progressMet"], { buyers: progress.buyers });
  if (progress.buyers === 0) return fill(words["share.progressFirst"], { missing: progress.missing });
  return fill(words["share.progress"], { buyers: progress.buyers, missing: progress.missing });
}

/** Each line of a shared deal, in the order the message and the picture show them. */
export function shareLines(deal: SharedDeal, cutoffAt: string | null, format: ShareFormat): ShareLines {
  const { words } = format;
  const price = format.money(deal.gatherPriceCents);
  const group = deal.mode !== "instock";
  return {
    name: deal.name,
    price:
      deal.unit && deal.unit !== PIECE_UNIT
        ? fill(words["share.pricePerUnit"], { price, unit: format.unit(deal.unit) })
        : fill(words["share.price"], { price }),
    progress: progressLine(deal, format),
    cutoff:
      group && cutoffAt ? fill(words["share.cutoff"], { time: format.cutoff(new Date(cutoffAt)) }) : null,
  };
}

/** The preview's description: price, progress and cut-off on one line. */
export function shareSummary(lines: ShareLines): string {
  return [lines.price, lines.progress, lines.cutoff].filter(Boolean).join("｜");
}

/** The message sent on WhatsApp: name, price, progress, cut-off, then the link on its own line. */
export function shareText(lines: ShareLines, link: string): string {
  return [`【${lines.name}】`, lines.price, lines.progress, lines.cutoff, link].filter(Boolean).join("\n");
}

/** WhatsApp's own share address: the person picks the chat, the text is ready. */
export function whatsappShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The product's public link: the drawer over the listing (/all, or /en/all shared from an English
 * page); with a member's referral code (DESIGN §4.11, never their phone) it also carries `ref`, so a
 * friend who registers from it has the referrer filled in.
 */
export function productShareUrl(
  origin: string,
  productId: number,
  referralCode?: string | null,
  listingPath = "/all",
): string {
  const params = new URLSearchParams({ product: String(productId) });
  if (referralCode && REFERRAL_CODE.test(referralCode)) params.set("ref", referralCode);
  return `${origin.replace(/\/+$/, "")}${listingPath}?${params}`;
}

/**
 * A short token of everything drawn on a product's share picture: a new buyer, price, name, picture
 * or cut-off gives a new one, so the image's address (and ETag) changes with the live count.
 */
export function shareImageVersion(parts: readonly (string | number | null)[]): string {
  // FNV-1a over the joined values: stable across server and browser, no crypto needed.
  let hash = 0x811c9dc5;
  for (const char of parts.map((part) => String(part ?? "")).join("\u0000")) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The version of a product's share picture: every value drawn on it, the live buyer count included. */
export function productShareVersion(
  product: SharedDeal & { images: readonly string[]; updatedAt: string },
  cutoffAt: string | null,
): string {
  return shareImageVersion([
    product.id,
    product.name,
    product.mode,
    product.gatherPriceCents,
    product.unit,
    product.targetBuyers,
    product.buyers,
    product.images[0] ?? null,
    product.updatedAt,
    cutoffAt,
  ]);
}
