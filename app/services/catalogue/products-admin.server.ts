/**
 * The back office's write side of products (issue 4 item 6): the list at /admin/product, the form
 * at /admin/add-product and /admin/product/:id, publishing and deleting. Every write and its audit
 * entry share one transaction (DESIGN §4.14). The storefront reads the same rows through
 * catalogue.server.ts, which caches nothing, so a change shows in listings and counts at once.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, like, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "~/db/client.server.ts";
import { brands, categories, merchants, orderLines, products } from "~/db/schema/index.ts";
import {
  type ProductInput,
  type ProductListQuery,
  slugFromName,
} from "~/domain/catalogue/admin-product.schema.ts";
import { LOW_STOCK } from "~/domain/catalogue/catalogue.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

/** The columns an admin edits, in the order the audit log lists them. */
const productKeys = [
  "name",
  "nameEn",
  "slug",
  "description",
  "descriptionEn",
  "mode",
  "priceCents",
  "gatherPriceCents",
  "marketPriceCents",
  "unit",
  "defaultWeight",
  "stock",
  "addToCartQty",
  "maxPerMember",
  "targetBuyers",
  "isPublished",
  "ageRestricted",
  "categoryId",
  "subcategoryId",
  "brandId",
  "merchantId",
  "images",
] as const satisfies readonly (keyof ProductInput)[];

/** Errors the form shows under its fields (catalogue keys), as Conform's `fieldErrors` takes them. */
export type ProductFieldErrors = Partial<
  Record<"slug" | "categoryId" | "subcategoryId" | "brandId" | "merchantId", string[]>
>;

type ProductInvalid = { status: "invalid"; fieldErrors: ProductFieldErrors };
export type ProductCreateResult = { status: "saved"; id: number; changed: boolean } | ProductInvalid;
export type ProductSaveResult = ProductCreateResult | { status: "not_found" };

export type ProductDeleteResult = { status: "deleted" } | { status: "not_found" } | { status: "ordered" };

const subcategories = alias(categories, "subcategories");

/** Postgres' unique_violation: two saves raced for the same slug. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}

/** Products an English page shows partly in Chinese (the list's `english` filter, the dashboard's count). */
function lacksEnglish(which: Exclude<ProductListQuery["english"], "all"> = "any"): SQL {
  const name = sql`btrim(${products.nameEn}) = ''`;
  const description = sql`(btrim(${products.description}) <> '' and btrim(${products.descriptionEn}) = '')`;
  if (which === "name") return name;
  if (which === "description") return description;
  return sql`(${name} or ${description})`;
}

export function createProductAdminService({ db }: ServiceDeps) {
  function listFilter(query: ProductListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.q) {
      const pattern = containsPattern(query.q);
      conditions.push(
        or(
          sql`${products.name} ilike ${pattern}`,
          sql`${products.nameEn} ilike ${pattern}`,
          sql`${products.slug} ilike ${pattern}`,
          /^\d{1,9}$/.test(query.q) ? eq(products.id, Number(query.q)) : undefined,
        ),
      );
    }
    if (query.mode !== "all") conditions.push(eq(products.mode, query.mode));
    if (query.published !== "all") conditions.push(eq(products.isPublished, query.published === "yes"));
    if (query.stock === "low")
      conditions.push(and(isNotNull(products.stock), lte(products.stock, LOW_STOCK)));
    if (query.english !== "all") conditions.push(lacksEnglish(query.english));
    if (query.categoryId !== null) {
      conditions.push(
        or(eq(products.categoryId, query.categoryId), eq(products.subcategoryId, query.categoryId)),
      );
    }
    if (query.brandId !== null) conditions.push(eq(products.brandId, query.brandId));
    if (query.merchantId !== null) conditions.push(eq(products.merchantId, query.merchantId));
    return and(...conditions);
  }

  function listOrder(sort: ProductListQuery["sort"]): SQL[] {
    switch (sort) {
      case "created":
        return [desc(products.createdAt), desc(products.id)];
      case "name":
        return [asc(products.name), asc(products.id)];
      case "priceAsc":
        return [asc(products.gatherPriceCents), asc(products.id)];
      case "priceDesc":
        return [desc(products.gatherPriceCents), desc(products.id)];
      case "stock":
        return [sql`${products.stock} asc nulls last`, asc(products.id)];
      default:
        return [desc(products.updatedAt), desc(products.id)];
    }
  }

  /** Unknown or mismatched category, subcategory, brand or merchant ids, as form errors. */
  async function referenceErrors(tx: Tx, input: ProductInput): Promise<ProductFieldErrors> {
    const errors: ProductFieldErrors = {};
    const ids = [input.categoryId, input.subcategoryId].filter((id): id is number => id !== null);
    const [nodes, brand, merchant] = await Promise.all([
      tx
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories)
        .where(inArray(categories.id, ids)),
      input.brandId === null
        ? Promise.resolve([{ id: 0 }])
        : tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId)),
      input.merchantId === null
        ? Promise.resolve([{ id: 0 }])
        : tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId)),
    ]);
    const category = nodes.find((node) => node.id === input.categoryId);
    // Products hang on a top-level category, and optionally one of its own children.
    if (!category || category.parentId !== null) errors.categoryId = ["admin.validation.unknownOption"];
    if (input.subcategoryId !== null) {
      const sub = nodes.find((node) => node.id === input.subcategoryId);
      if (!sub) errors.subcategoryId = ["admin.validation.unknownOption"];
      else if (sub.parentId !== input.categoryId) errors.subcategoryId = ["admin.validation.subcategory"];
    }
    if (brand.length === 0) errors.brandId = ["admin.validation.unknownOption"];
    if (merchant.length === 0) errors.merchantId = ["admin.validation.unknownOption"];
    return errors;
  }

  /**
   * The slug to store: a typed one must be free (a clash is the admin's to resolve); a blank one is
   * made from the name and numbered until free (-2, -3, …).
   */
  async function chooseSlug(
    tx: Tx,
    input: ProductInput,
    ownId: number | null,
  ): Promise<{ slug: string } | { taken: true }> {
    const notOwn = ownId === null ? undefined : ne(products.id, ownId);
    if (input.slug !== null) {
      const [clash] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.slug, input.slug), notOwn))
        .limit(1);
      return clash ? { taken: true } : { slug: input.slug };
    }
    const base = slugFromName(input.name, input.nameEn);
    const rows = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(and(or(eq(products.slug, base), like(products.slug, `${base}-%`)), notOwn));
    const used = new Set(rows.map((row) => row.slug));
    if (!used.has(base)) return { slug: base };
    let n = 2;
    while (used.has(`${base}-${n}`)) n += 1;
    return { slug: `${base}-${n}` };
  }

  /** Reference and slug checks shared by create and update; null when the input may be written. */
  async function prepare(
    tx: Tx,
    input: ProductInput,
    ownId: number | null,
    currentSlug: string | null,
  ): Promise<{ values: ProductInput & { slug: string } } | { fieldErrors: ProductFieldErrors }> {
    const fieldErrors = await referenceErrors(tx, input);
    // Editing with the slug left blank keeps the address the product already has.
    const slugInput = input.slug === null && currentSlug !== null ? { ...input, slug: currentSlug } : input;
    const slug = await chooseSlug(tx, slugInput, ownId);
    if ("taken" in slug) fieldErrors.slug = ["admin.validation.slugTaken"];
    if (Object.keys(fieldErrors).length > 0 || "taken" in slug) return { fieldErrors };
    return { values: { ...input, slug: slug.slug } };
  }

  /** Runs a save; a slug taken by a concurrent save between our check and the write is a form error too. */
  async function saving<Result extends ProductSaveResult>(
    run: () => Promise<Result>,
  ): Promise<Result | ProductInvalid> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) {
        return { status: "invalid", fieldErrors: { slug: ["admin.validation.slugTaken"] } };
      }
      throw error;
    }
  }

  return {
    /** Products on sale that English pages show partly in Chinese: the dashboard's reminder. */
    async publishedLackingEnglish(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(products)
        .where(and(eq(products.isPublished, true), lacksEnglish()));
      return row?.total ?? 0;
    },

    /** /admin/product: one page of products with their category, brand and merchant names. */
    async list(query: ProductListQuery) {
      const where = listFilter(query);
      return readListPage(
        query,
        db.select({ total: count() }).from(products).where(where),
        db
          .select({
            id: products.id,
            name: products.name,
            nameEn: products.nameEn,
            slug: products.slug,
            mode: products.mode,
            priceCents: products.priceCents,
            gatherPriceCents: products.gatherPriceCents,
            marketPriceCents: products.marketPriceCents,
            unit: products.unit,
            stock: products.stock,
            isPublished: products.isPublished,
            cover: sql<string | null>`${products.images}->>0`,
            categoryName: categories.name,
            subcategoryName: subcategories.name,
            brandName: brands.name,
            merchantName: merchants.name,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .innerJoin(categories, eq(products.categoryId, categories.id))
          .leftJoin(subcategories, eq(products.subcategoryId, subcategories.id))
          .leftJoin(brands, eq(products.brandId, brands.id))
          .leftJoin(merchants, eq(products.merchantId, merchants.id))
          .where(where)
          .orderBy(...listOrder(query.sort))
          .$dynamic(),
      );
    },

    /** The category tree, brands and merchants the form and the list's filters choose from. */
    async choices() {
      const [nodes, brandRows, merchantRows] = await Promise.all([
        db
          .select({
            id: categories.id,
            parentId: categories.parentId,
            name: categories.name,
            slug: categories.slug,
          })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.id)),
        db
          .select({ id: brands.id, name: brands.name, slug: brands.slug })
          .from(brands)
          .orderBy(asc(brands.position), asc(brands.id)),
        db
          .select({ id: merchants.id, name: merchants.name, slug: merchants.slug })
          .from(merchants)
          .orderBy(asc(merchants.name), asc(merchants.id)),
      ]);
      const categoryTree = nodes
        .filter((node) => node.parentId === null)
        .map((parent) => ({
          id: parent.id,
          name: parent.name,
          slug: parent.slug,
          children: nodes
            .filter((node) => node.parentId === parent.id)
            .map(({ id, name, slug }) => ({ id, name, slug })),
        }));
      return { categories: categoryTree, brands: brandRows, merchants: merchantRows };
    },

    /** One product for the edit form, published or not, with its recent history. */
    async get(id: number) {
      const [product] = await db.select().from(products).where(eq(products.id, id));
      if (!product) return null;
      const history = await listAudit(db, { entity: "product", entityId: String(id), limit: 10 });
      return { product, history };
    },

    async create(actorId: string, input: ProductInput): Promise<ProductCreateResult> {
      return saving(() =>
        db.transaction(async (tx): Promise<ProductCreateResult> => {
          const prepared = await prepare(tx, input, null, null);
          if ("fieldErrors" in prepared) return { status: "invalid", fieldErrors: prepared.fieldErrors };
          const [created] = await tx.insert(products).values(prepared.values).returning();
          if (!created) throw new Error("product insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "product.create",
            entity: "product",
            entityId: String(created.id),
            after: Object.fromEntries(productKeys.map((key) => [key, prepared.values[key]])),
          });
          return { status: "saved", id: created.id, changed: true };
        }),
      );
    },

    async update(actorId: string, id: number, input: ProductInput): Promise<ProductSaveResult> {
      return saving(() =>
        db.transaction(async (tx): Promise<ProductSaveResult> => {
          const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
          if (!current) return { status: "not_found" };
          const prepared = await prepare(tx, input, id, current.slug);
          if ("fieldErrors" in prepared) return { status: "invalid", fieldErrors: prepared.fieldErrors };
          const changed = changedFields(current, prepared.values, productKeys);
          if (!changed) return { status: "saved", id, changed: false };
          await tx
            .update(products)
            .set({ ...prepared.values, updatedAt: new Date() })
            .where(eq(products.id, id));
          await recordAudit(tx, {
            actorId,
            action: "product.update",
            entity: "product",
            entityId: String(id),
            ...changed,
          });
          return { status: "saved", id, changed: true };
        }),
      );
    },

    /** Publishes or withdraws the given products; those already so are left alone. Returns how many changed. */
    async setPublished(actorId: string, ids: number[], isPublished: boolean): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(products)
          .set({ isPublished, updatedAt: new Date() })
          .where(and(inArray(products.id, ids), ne(products.isPublished, isPublished)))
          .returning({ id: products.id });
        for (const row of changed) {
          await recordAudit(tx, {
            actorId,
            action: isPublished ? "product.publish" : "product.unpublish",
            entity: "product",
            entityId: String(row.id),
            before: { isPublished: !isPublished },
            after: { isPublished },
          });
        }
        return changed.length;
      });
    },

    /**
     * Deletes a product and its cart lines. One that was ever ordered stays (orders keep their
     * lines, DESIGN §4.6): the admin withdraws it from sale instead.
     */
    async delete(actorId: string, id: number): Promise<ProductDeleteResult> {
      return db.transaction(async (tx): Promise<ProductDeleteResult> => {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
        if (!current) return { status: "not_found" };
        const [ordered] = await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(eq(orderLines.productId, id))
          .limit(1);
        if (ordered) return { status: "ordered" };
        await tx.delete(products).where(eq(products.id, id));
        await recordAudit(tx, {
          actorId,
          action: "product.delete",
          entity: "product",
          entityId: String(id),
          before: Object.fromEntries(productKeys.map((key) => [key, current[key]])),
        });
        return { status: "deleted" };
      });
    },
  };
}
