import { asc, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { brands, categories, merchants, products } from "~/db/schema/index.ts";

/** Every product `published` lets through, each category page, brand and merchant, for /sitemap.xml. */
export async function sitemapEntries(db: Db, published: SQL) {
  const [productRows, categoryRows, brandRows, merchantRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(published)
      .orderBy(asc(products.id)),
    db
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.position), asc(brands.id)),
    db
      .select({ id: merchants.id, slug: merchants.slug, updatedAt: merchants.updatedAt })
      .from(merchants)
      .orderBy(asc(merchants.id)),
  ]);
  // Each category followed by its subcategories, as the side menu lists them.
  const categoryPages = categoryRows
    .filter((row) => row.parentId === null)
    .flatMap((parent) => [
      { cat: parent.slug, subcat: null as string | null },
      ...categoryRows
        .filter((row) => row.parentId === parent.id)
        .map((child) => ({ cat: parent.slug, subcat: child.slug as string | null })),
    ]);
  return {
    products: productRows,
    categories: categoryPages,
    brands: brandRows,
    merchants: merchantRows,
  };
}
