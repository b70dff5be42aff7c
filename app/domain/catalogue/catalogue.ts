/**
 * Storefront listings (SPEC §2 /all, /limited, /general, /instock, /product; SPEC §3 product list
 * state: page 1, size 30, sort gather). The query lives in the URL so a list can be shared, and
 * every value a visitor can type is parsed here into something safe: nonsense falls back to the
 * default instead of failing.
 */

import type { ContentLang } from "../shared/content-language.ts";
import type { PricedProduct, ProductMode } from "../shared/pricing.ts";
import type { ListingMode, ModeCounts } from "./catalogue-modes.ts";

export {
  type ListingMode,
  listingModeForPath,
  listingModes,
  listingPaths,
  type ModeCounts,
} from "./catalogue-modes.ts";

export const LISTING_PAGE_SIZE = 30;
/** Deeper than any real shop gets; stops `?page=99999999` from asking the database for a huge offset. */
const MAX_LISTING_PAGE = 1_000;
const NAME_SEARCH_MAX_LENGTH = 50;

/**
 * gather: group price, lowest first (the default, SPEC §9). newest: latest added first.
 * discount: biggest saving off the market price first. ending: group buys, which close at the
 * cycle's cut-off, before instock items, and within each the fewest units left first.
 */
export const listingSorts = ["gather", "newest", "discount", "ending"] as const;
export type ListingSort = (typeof listingSorts)[number];
const DEFAULT_SORT: ListingSort = "gather";

interface ListingFilters {
  /** Top-level category slug. */
  cat?: string;
  /** Subcategory slug (a child of `cat` when both are given). */
  subcat?: string;
  /** Brand slug (SPEC §2 calls brands collections). */
  collection?: string;
  /** Substring of the Chinese or English product name. */
  name?: string;
}

export interface ListingQuery extends ListingFilters {
  mode: ListingMode;
  sort: ListingSort;
  /** 1-based. */
  page: number;
}

function slugParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  // Kept as typed (lower-cased) even if no such slug exists: the loader answers 404 for it.
  return value ? value.toLowerCase().slice(0, 100) : undefined;
}

/** Trims, folds runs of spaces into one and caps the length; empty means no search. */
export function normaliseSearchName(value: string | null | undefined): string | undefined {
  const name = (value ?? "").replace(/\s+/g, " ").trim().slice(0, NAME_SEARCH_MAX_LENGTH).trim();
  return name === "" ? undefined : name;
}

export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && page <= MAX_LISTING_PAGE ? page : 1;
}

export function parseSort(value: string | null | undefined): ListingSort {
  return (listingSorts as readonly string[]).includes(value ?? "") ? (value as ListingSort) : DEFAULT_SORT;
}

export function parseListingQuery(mode: ListingMode, params: URLSearchParams): ListingQuery {
  const query: ListingQuery = {
    mode,
    sort: parseSort(params.get("sort")),
    page: parsePage(params.get("page")),
  };
  const cat = slugParam(params, "cat");
  const subcat = slugParam(params, "subcat");
  const collection = slugParam(params, "collection");
  const name = normaliseSearchName(params.get("name"));
  if (cat) query.cat = cat;
  if (subcat) query.subcat = subcat;
  if (collection) query.collection = collection;
  if (name) query.name = name;
  return query;
}

export function pageCountFor(total: number, pageSize = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The URL of a listing with the same filters and some values changed. Defaults (sort gather,
 * page 1) are left out so each list has one short address; the drawer's `product` is dropped.
 */
export function listingHref(
  path: string,
  query: Partial<ListingQuery>,
  changes: Partial<Pick<ListingQuery, "sort" | "page">> = {},
): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.cat) params.set("cat", next.cat);
  if (next.subcat) params.set("subcat", next.subcat);
  if (next.collection) params.set("collection", next.collection);
  if (next.name) params.set("name", next.name);
  if (next.sort && next.sort !== DEFAULT_SORT) params.set("sort", next.sort);
  if (next.page && next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Page numbers to link to: first, last, and two either side of the current one; null marks a gap. */
export function pageLinks(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  }
  return out;
}

export function emptyModeCounts(): ModeCounts {
  return { all: 0, general: 0, limited: 0, instock: 0 };
}

/** Adds `count` products of `mode` to a node's counts, which also go into `all`. */
export function addToModeCounts(counts: ModeCounts, mode: ProductMode, count: number): void {
  counts[mode] += count;
  counts.all += count;
}

export interface GroupProgress {
  buyers: number;
  target: number;
  /** 0–100, whole percent, for the bar. */
  percent: number;
  met: boolean;
  /** Buyers still needed; 0 once met. */
  missing: number;
}

/**
 * DESIGN §4.3: progress = distinct members with a paid line this cycle; the target is met when
 * progress ≥ targetBuyers. Null for products outside group rules (instock, or no target).
 */
export function groupProgress(
  product: { mode: ProductMode; targetBuyers: number | null },
  buyers: number,
): GroupProgress | null {
  if (product.mode === "instock" || !product.targetBuyers || product.targetBuyers < 1) return null;
  const target = product.targetBuyers;
  const count = Math.max(0, Math.floor(buyers));
  return {
    buyers: count,
    target,
    percent: Math.min(100, Math.floor((count / target) * 100)),
    met: count >= target,
    missing: Math.max(0, target - count),
  };
}

/** Stock below this shows as "only N left" on cards (DESIGN §7's small stock is 3–10). */
export const LOW_STOCK = 10;

export type StockState = "unlimited" | "available" | "low" | "soldOut";

export function stockState(stock: number | null): StockState {
  if (stock === null) return "unlimited";
  if (stock <= 0) return "soldOut";
  return stock <= LOW_STOCK ? "low" : "available";
}

/**
 * What a product card shows, and the drawer opened from it until its details arrive. A listing sends
 * 30 of these with the page (as HTML and again as route data), so it carries nothing a card does not
 * show (issue 30 item 2).
 */
export interface ProductCardView extends PricedProduct {
  id: number;
  /** In the page's language (`inEnglish`): the English name, else the Chinese one marked `nameLang`. */
  name: string;
  /** The English name, read with the row; dropped (`inEnglish`) before a page gets the card. */
  nameEn?: string;
  /** Set when `name` is not in the page's language (an English page showing the Chinese name). */
  nameLang?: ContentLang;
  stock: number | null;
  addToCartQty: number;
  targetBuyers: number | null;
  ageRestricted: boolean;
  /** The first picture, the one a card shows. */
  image: string | null;
  /** Their names as `name` above: the English one on English pages where set, else marked `nameLang`. */
  brand: ({ name: string; slug: string } & NamedInLanguage) | null;
  merchant: ({ id: number; name: string; slug: string } & NamedInLanguage) | null;
  /** Distinct members with a paid line in the open cycle (DESIGN §4.3). */
  buyers: number;
}

/** A name read with its English (`nameEn`), shown in a page's language (`inLanguage`, `nameLang`). */
interface NamedInLanguage {
  nameEn?: string;
  nameLang?: ContentLang;
}

/** What the drawer shows besides the card: fetched when it opens (`/api/product/:id`), not sent with every card. */
export interface ProductDetailsView {
  id: number;
  /** Dropped from a product an English page shows, whose `name` is already the English one. */
  nameEn?: string;
  /** In the page's language like `name`: the English where set, else the Chinese marked `descriptionLang`. */
  description: string;
  descriptionEn?: string;
  descriptionLang?: ContentLang;
  images: string[];
  maxPerMember: number | null;
}

/** One product in full: the drawer link's own page, its metadata and share picture. */
export interface ProductView extends ProductCardView, ProductDetailsView {
  slug: string;
  category: { name: string; slug: string } & NamedInLanguage;
  subcategory: ({ name: string; slug: string } & NamedInLanguage) | null;
  updatedAt: string;
}

/** The cycle taking orders now, as pages need it: its cut-off drives every countdown. */
export interface OpenCycleView {
  id: number;
  cutoffAt: string;
  pickupFrom: string;
  pickupTo: string;
}
