import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import { PIECE_UNIT, productModes, weightUnits } from "../shared/pricing.ts";
import { dollars, isImageAddress, list, parseRecordId, recordId } from "../shared/record-fields.ts";
import { checkbox, messageKeys, optionalText, requiredText } from "../shared/validation.ts";
import { SLUG_MAX_LENGTH, slug } from "./admin-catalogue.schema.ts";

/**
 * The product form of /admin/add-product and /admin/product/:id (DESIGN §4.2), one schema for
 * Conform in the browser and the action on the server. Prices are typed in dollars ("12.5") and
 * leave the schema as integer cents (DESIGN §4.1); fields that do not apply to the chosen mode or
 * unit are cleared, so the database never holds a stale target or weight.
 */

/** $1,000,000: far above any grocery item, well inside a Postgres integer of cents. */
/** numeric(8, 3): five whole digits and three decimals. */
const WEIGHT_MAX = 99_999.999;
const QUANTITY_MAX = 9_999;
const STOCK_MAX = 1_000_000;
const TARGET_BUYERS_MAX = 100_000;
export const PRODUCT_IMAGES_MAX = 10;
const PRODUCT_NAME_MAX = 100;

export const productUnits = [PIECE_UNIT, ...weightUnits] as const;

/** A whole number from `min` up to `max`, with the form's messages. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number<number>({ error: messageKeys.number })
    .int("admin.validation.wholeNumber")
    .min(min, min === 0 ? "admin.validation.negative" : "admin.validation.atLeastOne")
    .max(max, "admin.validation.tooLarge");

const weight = z.coerce
  .number<number>({ error: messageKeys.number })
  .positive("admin.validation.weight")
  .max(WEIGHT_MAX, "admin.validation.tooLarge")
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, "admin.validation.weight");

/** The fields one by one; Conform reads the form's HTML constraints from this (it cannot from a transform). */
export const productFields = z.object({
  name: requiredText(PRODUCT_NAME_MAX),
  /** Searched together with the Chinese name (/product?name=, the admin list). */
  nameEn: optionalText(150),
  /** Blank: made from the name by the service, unique. */
  slug: slug.optional(),
  description: optionalText(5_000),
  /** English pages show it where set, else the Chinese description (issue 48 item 2). */
  descriptionEn: optionalText(10_000),
  mode: z.enum(productModes, { error: messageKeys.required }),
  price: dollars(),
  gatherPrice: dollars(),
  marketPrice: dollars(),
  unit: z.enum(productUnits, { error: messageKeys.required }),
  defaultWeight: weight.optional(),
  stock: wholeNumber(0, STOCK_MAX).optional(),
  addToCartQty: wholeNumber(1, QUANTITY_MAX).default(1),
  maxPerMember: wholeNumber(1, QUANTITY_MAX).optional(),
  targetBuyers: wholeNumber(1, TARGET_BUYERS_MAX).optional(),
  isPublished: checkbox,
  ageRestricted: checkbox,
  categoryId: recordId,
  subcategoryId: recordId.optional(),
  brandId: recordId.optional(),
  merchantId: recordId.optional(),
  images: list(
    z
      .array(
        z
          .string()
          .trim()
          .max(500, messageKeys.tooLong)
          .refine(isImageAddress, "admin.validation.imageAddress"),
      )
      .max(PRODUCT_IMAGES_MAX, "admin.validation.imageCount")
      .default([]),
  ),
});

const isNumber = (value: unknown): value is number => typeof value === "number";

/**
 * Rules between fields. They run even while other fields are wrong, so the admin sees every problem
 * at once; each looks only at fields that are already readable.
 */
const crossFieldRules = z.superRefine<z.output<typeof productFields>>(
  (value, ctx) => {
    const issue = (path: keyof typeof value, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message, input: value[path] });
    if (isNumber(value.gatherPrice) && isNumber(value.price) && value.gatherPrice > value.price) {
      issue("gatherPrice", "admin.validation.gatherAbovePrice");
    }
    if ((weightUnits as readonly string[]).includes(value.unit) && value.defaultWeight === undefined) {
      issue("defaultWeight", messageKeys.required);
    }
    // Instock sells what is on the shelf; group buys need a number of buyers to reach.
    if (value.mode === "instock" && value.stock === undefined) issue("stock", messageKeys.required);
    if ((value.mode === "general" || value.mode === "limited") && value.targetBuyers === undefined) {
      issue("targetBuyers", messageKeys.required);
    }
    if (
      isNumber(value.maxPerMember) &&
      isNumber(value.addToCartQty) &&
      value.maxPerMember < value.addToCartQty
    ) {
      issue("maxPerMember", "admin.validation.maxBelowAddQty");
    }
  },
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

export const productSchema = productFields
  .check(crossFieldRules)
  .transform(({ price, gatherPrice, marketPrice, slug: typedSlug, ...value }) => ({
    name: value.name,
    nameEn: value.nameEn ?? "",
    slug: typedSlug ?? null,
    description: value.description ?? "",
    descriptionEn: value.descriptionEn ?? "",
    mode: value.mode,
    priceCents: price,
    gatherPriceCents: gatherPrice,
    marketPriceCents: marketPrice,
    unit: value.unit,
    defaultWeight: value.unit === PIECE_UNIT ? 1 : (value.defaultWeight ?? 1),
    stock: value.stock ?? null,
    addToCartQty: value.addToCartQty,
    maxPerMember: value.maxPerMember ?? null,
    targetBuyers: value.mode === "instock" ? null : (value.targetBuyers ?? null),
    isPublished: value.isPublished,
    ageRestricted: value.ageRestricted,
    categoryId: value.categoryId,
    subcategoryId: value.subcategoryId ?? null,
    brandId: value.brandId ?? null,
    merchantId: value.merchantId ?? null,
    images: value.images,
  }));

export type ProductFormInput = z.input<typeof productSchema>;
export type ProductInput = z.output<typeof productSchema>;

/**
 * The address name made from a product's name when the admin leaves it blank: the English name
 * when there is one (Chinese characters have no letters to keep), else whatever Latin letters
 * and digits the name has, else "product". The service makes it unique.
 */
export function slugFromName(name: string, nameEn = ""): string {
  const words = (source: string) =>
    source
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const base = words(nameEn) || words(name) || "product";
  if (base.length <= SLUG_MAX_LENGTH - 4) return base;
  // Leave room for a "-123" suffix; cut at a word boundary where there is one.
  const cut = base.slice(0, SLUG_MAX_LENGTH - 4);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 10 ? cut.slice(0, boundary) : cut).replace(/-+$/, "");
}

// ——— The list at /admin/product ———

export const productModeFilters = ["all", ...productModes] as const;
type ProductModeFilter = (typeof productModeFilters)[number];
export const publishedFilters = ["all", "yes", "no"] as const;
type PublishedFilter = (typeof publishedFilters)[number];
export const stockFilters = ["all", "low"] as const;
type StockFilter = (typeof stockFilters)[number];
/**
 * Products English pages show partly in Chinese (issue 48 item 2): `name` without an English
 * name, `description` with a Chinese description but no English one, `any` either.
 */
export const englishFilters = ["all", "any", "name", "description"] as const;
type EnglishFilter = (typeof englishFilters)[number];
/** updated: last changed first (what an admin just worked on); the rest as named. */
export const productSorts = ["updated", "created", "name", "priceAsc", "priceDesc", "stock"] as const;
type ProductSort = (typeof productSorts)[number];

export interface ProductListQuery extends TableState {
  mode: ProductModeFilter;
  published: PublishedFilter;
  stock: StockFilter;
  english: EnglishFilter;
  sort: ProductSort;
  /** A top-level category or a subcategory. */
  categoryId: number | null;
  brandId: number | null;
  merchantId: number | null;
}

function oneOf<const Values extends readonly string[]>(values: Values, value: string | null): Values[number] {
  return values.find((item) => item === value) ?? values[0]!;
}

/** The list's state from its URL; nonsense falls back to "all" rather than failing. */
export function parseProductListQuery(params: URLSearchParams): ProductListQuery {
  return {
    ...parseTableState(params),
    mode: oneOf(productModeFilters, params.get("mode")),
    published: oneOf(publishedFilters, params.get("published")),
    stock: oneOf(stockFilters, params.get("stock")),
    english: oneOf(englishFilters, params.get("english")),
    sort: oneOf(productSorts, params.get("sort")),
    categoryId: parseRecordId(params.get("cat")),
    brandId: parseRecordId(params.get("brand")),
    merchantId: parseRecordId(params.get("merchant")),
  };
}

/** Two full pages: the most one bulk step may name. */
const BULK_MAX = 100;

/** The list's row and bulk actions, told apart by `intent`. */
export const productListActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["publish", "unpublish"]),
    ids: list(z.array(recordId).min(1, messageKeys.required).max(BULK_MAX)),
  }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);
