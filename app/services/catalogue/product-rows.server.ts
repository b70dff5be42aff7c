/**
 * How the storefront reads a product row: the product with its category, subcategory, brand and
 * merchant joined in, and the card and page views made from it.
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server.ts";
import { brands, categories, merchants, products } from "~/db/schema/index.ts";
import type { ProductCardView, ProductDetailsView, ProductView } from "~/domain/catalogue/catalogue.ts";

const subcategories = alias(categories, "subcategories");

const productColumns = {
  product: products,
  categoryName: categories.name,
  categoryNameEn: categories.nameEn,
  categorySlug: categories.slug,
  subcategoryName: subcategories.name,
  subcategoryNameEn: subcategories.nameEn,
  subcategorySlug: subcategories.slug,
  brandName: brands.name,
  brandNameEn: brands.nameEn,
  brandSlug: brands.slug,
  merchantId: merchants.id,
  merchantName: merchants.name,
  merchantNameEn: merchants.nameEn,
  merchantSlug: merchants.slug,
};

export function selectProducts(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .leftJoin(brands, eq(products.brandId, brands.id))
    .leftJoin(merchants, eq(products.merchantId, merchants.id));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>["execute"]>>[number];

export function toCardView(row: ProductRow, buyers: number): ProductCardView {
  const { product } = row;
  return {
    id: product.id,
    name: product.name,
    nameEn: product.nameEn,
    mode: product.mode,
    priceCents: product.priceCents,
    gatherPriceCents: product.gatherPriceCents,
    marketPriceCents: product.marketPriceCents,
    unit: product.unit,
    defaultWeight: Number(product.defaultWeight),
    stock: product.stock,
    addToCartQty: product.addToCartQty,
    targetBuyers: product.targetBuyers,
    ageRestricted: product.ageRestricted,
    image: product.images[0] ?? null,
    brand:
      row.brandName !== null && row.brandSlug !== null
        ? { name: row.brandName, nameEn: row.brandNameEn ?? "", slug: row.brandSlug }
        : null,
    merchant:
      row.merchantId !== null && row.merchantName !== null && row.merchantSlug !== null
        ? {
            id: row.merchantId,
            name: row.merchantName,
            nameEn: row.merchantNameEn ?? "",
            slug: row.merchantSlug,
          }
        : null,
    buyers,
  };
}

export function toView(row: ProductRow, buyers: number): ProductView {
  return {
    ...toCardView(row, buyers),
    ...toDetailsView(row.product),
    slug: row.product.slug,
    category: { name: row.categoryName, nameEn: row.categoryNameEn, slug: row.categorySlug },
    subcategory:
      row.subcategoryName !== null && row.subcategorySlug !== null
        ? { name: row.subcategoryName, nameEn: row.subcategoryNameEn ?? "", slug: row.subcategorySlug }
        : null,
    updatedAt: row.product.updatedAt.toISOString(),
  };
}

export const productDetailsColumns = {
  id: products.id,
  nameEn: products.nameEn,
  description: products.description,
  descriptionEn: products.descriptionEn,
  images: products.images,
  maxPerMember: products.maxPerMember,
};

function toDetailsView(product: ProductDetailsView): ProductDetailsView {
  const { id, nameEn, description, descriptionEn, images, maxPerMember } = product;
  return { id, nameEn, description, descriptionEn, images, maxPerMember };
}

/** A category, subcategory or brand a listing is filtered by, with its English (blank: none). */
export interface NamedFilter {
  name: string;
  nameEn: string;
  slug: string;
  description: string;
  descriptionEn: string;
}

/** A category's or brand's row as a listing names it. */
export function namedFilter(row: NamedFilter): NamedFilter {
  const { name, nameEn, slug, description, descriptionEn } = row;
  return { name, nameEn, slug, description, descriptionEn };
}
