import { parseDollars } from "../shared/dollar-amounts.ts";
import { PIECE_UNIT, type ProductMode, productModes } from "../shared/pricing.ts";
import type { ProductView } from "./catalogue.ts";

/**
 * The storefront card beside the product form shows what the admin is typing, half-typed values
 * included: whatever cannot be read yet shows as nothing (a $0.00 price, no target) instead of
 * failing, and the schema has the last word when the form is saved.
 */

interface PreviewOption {
  id: number;
  name: string;
  slug: string;
}

export interface PreviewChoices {
  categories: (PreviewOption & { children: PreviewOption[] })[];
  brands: PreviewOption[];
  merchants: PreviewOption[];
}

/** Conform's current form value: strings as typed, arrays for repeated fields. */
export type FormValue = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function cents(value: unknown): number {
  const parsed = parseDollars(text(value));
  return parsed.ok ? parsed.cents : 0;
}

function count(value: unknown): number | null {
  const typed = text(value);
  if (!/^\d{1,7}$/.test(typed)) return null;
  return Number(typed);
}

function byId<Option extends PreviewOption>(options: Option[], value: unknown): Option | null {
  const id = Number(text(value));
  return options.find((option) => option.id === id) ?? null;
}

export function previewProduct(
  value: FormValue | undefined,
  choices: PreviewChoices,
  known: { id: number; buyers: number; updatedAt: string },
): ProductView {
  const form = value ?? {};
  const mode: ProductMode = productModes.find((item) => item === form.mode) ?? "general";
  const unit = text(form.unit) || PIECE_UNIT;
  const weight = Number(text(form.defaultWeight));
  const category = byId(choices.categories, form.categoryId);
  const subcategory = category ? byId(category.children, form.subcategoryId) : null;
  const brand = byId(choices.brands, form.brandId);
  const merchant = byId(choices.merchants, form.merchantId);
  const images = (Array.isArray(form.images) ? form.images : [form.images]).filter(
    (image): image is string => typeof image === "string" && image !== "",
  );
  const target = count(form.targetBuyers);
  return {
    id: known.id,
    slug: text(form.slug),
    name: text(form.name),
    nameEn: text(form.nameEn),
    description: text(form.description),
    mode,
    priceCents: cents(form.price),
    gatherPriceCents: cents(form.gatherPrice),
    marketPriceCents: cents(form.marketPrice),
    unit,
    defaultWeight: unit !== PIECE_UNIT && Number.isFinite(weight) && weight > 0 ? weight : 1,
    stock: count(form.stock),
    addToCartQty: count(form.addToCartQty) || 1,
    maxPerMember: count(form.maxPerMember),
    targetBuyers: mode === "instock" || !target ? null : target,
    ageRestricted: form.ageRestricted === "on" || form.ageRestricted === true,
    images,
    image: images[0] ?? null,
    category: category ? { name: category.name, slug: category.slug } : { name: "", slug: "" },
    subcategory: subcategory ? { name: subcategory.name, slug: subcategory.slug } : null,
    brand: brand ? { name: brand.name, slug: brand.slug } : null,
    merchant: merchant ? { id: merchant.id, name: merchant.name, slug: merchant.slug } : null,
    buyers: known.buyers,
    updatedAt: known.updatedAt,
  };
}
