/**
 * The back office's writes to the catalogue's frame (issue 4 item 6): the two-level category tree,
 * merchants and brands. Each write runs in one transaction with its audit entry (DESIGN §4.14).
 * The storefront counts products per category and mode live (decision 0006), so a saved tree
 * shows in the side menu on the next request: nothing here has a cache to rebuild.
 */
import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { brands, categories, merchants, pickupPoints, products } from "~/db/schema/index.ts";
import type {
  BrandInput,
  CategoryCreateInput,
  CategoryReorderInput,
  CategoryUpdateInput,
  MerchantInput,
} from "~/domain/catalogue/admin-catalogue.schema.ts";
import {
  addChildRefusal,
  moveRefusal,
  nextPosition,
  reorderSiblings,
} from "~/domain/catalogue/category-tree.ts";
import { clampPage, type TableState } from "~/domain/shared/admin-table.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";

/** `%text%` for ILIKE with the user's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** PostgreSQL's unique_violation, as node-postgres reports it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}

/** PostgreSQL's foreign_key_violation: a product was saved into a category while it was being deleted. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23503" || code((error as { cause?: unknown } | null)?.cause) === "23503";
}

export type SaveResult<Row> =
  | { status: "saved"; row: Row; changed: boolean }
  | { status: "not_found" }
  | { status: "slug_taken" };

export type CategorySaveResult =
  | SaveResult<typeof categories.$inferSelect>
  | { status: "parent_not_top_level" }
  | { status: "cannot_move" };

export type CategoryDeleteResult =
  | { status: "deleted"; children: number }
  | { status: "not_found" }
  | { status: "in_use"; products: number };

export type CategoryReorderResult = { status: "moved" | "unchanged" } | { status: "not_found" };

export interface CategoryAdminNode {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  /** Every product filed here, published or not (a top-level count includes its subcategories'). */
  products: number;
}

export interface CategoryAdminTree extends CategoryAdminNode {
  children: CategoryAdminNode[];
}

const categoryKeys = ["name", "slug", "description", "image", "parentId"] as const;
const merchantKeys = ["name", "slug", "description", "address", "logo", "freeDelivery", "featured"] as const;
const brandKeys = ["name", "slug", "description", "logo", "isMeat", "position"] as const;

const categoryAudit = (row: typeof categories.$inferSelect) => ({
  name: row.name,
  slug: row.slug,
  parentId: row.parentId,
});

export function createCatalogueAdminService({ db }: ServiceDeps) {
  async function slugTaken(
    executor: Db | Tx,
    table: typeof categories | typeof merchants | typeof brands,
    slug: string,
    exceptId?: number,
  ): Promise<boolean> {
    const [row] = await executor
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.slug, slug), exceptId === undefined ? undefined : ne(table.id, exceptId)))
      .limit(1);
    return row !== undefined;
  }

  /** Runs a write; a slug taken by a concurrent save (unique index) answers like one taken before. */
  async function guardSlug<Result>(write: () => Promise<Result>): Promise<Result | { status: "slug_taken" }> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return { status: "slug_taken" };
      throw error;
    }
  }

  async function lockedCategory(tx: Tx, id: number) {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    return row ?? null;
  }

  async function siblingPositions(tx: Tx, parentId: number | null) {
    const rows = await tx
      .select({ position: categories.position })
      .from(categories)
      .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
    return rows.map((row) => row.position);
  }

  /** Products filed under a category: for a top-level one this includes its subcategories' products. */
  async function productsUsing(executor: Db | Tx, id: number): Promise<number> {
    const [row] = await executor
      .select({ total: count() })
      .from(products)
      .where(or(eq(products.categoryId, id), eq(products.subcategoryId, id)));
    return row?.total ?? 0;
  }

  return {
    /** The whole tree in menu order, with how many products (published or not) use each node. */
    async categoryTree(): Promise<CategoryAdminTree[]> {
      const [rows, counted] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
        db
          .select({
            categoryId: products.categoryId,
            subcategoryId: products.subcategoryId,
            total: count(),
          })
          .from(products)
          .groupBy(products.categoryId, products.subcategoryId),
      ]);
      const totals = new Map<number, number>();
      const add = (id: number, n: number) => totals.set(id, (totals.get(id) ?? 0) + n);
      for (const row of counted) {
        add(row.categoryId, row.total);
        if (row.subcategoryId !== null && row.subcategoryId !== row.categoryId)
          add(row.subcategoryId, row.total);
      }
      const node = (row: typeof categories.$inferSelect): CategoryAdminNode => ({
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: row.image,
        products: totals.get(row.id) ?? 0,
      });
      return rows
        .filter((row) => row.parentId === null)
        .map((parent) => ({
          ...node(parent),
          children: rows.filter((row) => row.parentId === parent.id).map(node),
        }));
    },

    /** A new category at the end of its siblings: top level, or under a top-level category. */
    async createCategory(actorId: string, input: CategoryCreateInput): Promise<CategorySaveResult> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<CategorySaveResult> => {
          const parentId = input.parentId ?? null;
          if (parentId !== null) {
            const parent = await lockedCategory(tx, parentId);
            if (!parent) return { status: "not_found" };
            const refusal = addChildRefusal(parent);
            if (refusal) return { status: refusal };
          }
          if (await slugTaken(tx, categories, input.slug)) return { status: "slug_taken" };
          const [row] = await tx
            .insert(categories)
            .values({
              parentId,
              name: input.name,
              slug: input.slug,
              description: input.description ?? "",
              image: parentId === null ? (input.image ?? null) : null,
              position: nextPosition(await siblingPositions(tx, parentId)),
            })
            .returning();
          if (!row) throw new Error("category insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "category.create",
            entity: "category",
            entityId: String(row.id),
            after: categoryAudit(row),
          });
          return { status: "saved", row, changed: true };
        }),
      );
    },

    /**
     * Renames or re-describes a category. A subcategory given another top-level parent moves there
     * with its products (their category follows, so a product's subcategory stays a child of its
     * category) and goes to the end of its new siblings.
     */
    async updateCategory(actorId: string, input: CategoryUpdateInput): Promise<CategorySaveResult> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<CategorySaveResult> => {
          const current = await lockedCategory(tx, input.id);
          if (!current) return { status: "not_found" };
          let parentId = current.parentId;
          let position = current.position;
          if (input.parentId !== undefined && input.parentId !== current.parentId) {
            const target = await lockedCategory(tx, input.parentId);
            if (!target) return { status: "not_found" };
            // Only a subcategory moves, and only under another top-level category (two levels).
            if (moveRefusal(current, target) !== null) return { status: "cannot_move" };
            parentId = target.id;
            position = nextPosition(await siblingPositions(tx, target.id));
          }
          if (await slugTaken(tx, categories, input.slug, current.id)) return { status: "slug_taken" };
          const next = {
            name: input.name,
            slug: input.slug,
            description: input.description ?? "",
            image: parentId === null ? (input.image ?? null) : null,
            parentId,
          };
          const changed = changedFields(current, next, categoryKeys);
          if (!changed) return { status: "saved", row: current, changed: false };
          const [row] = await tx
            .update(categories)
            .set({ ...next, position })
            .where(eq(categories.id, current.id))
            .returning();
          let moved = 0;
          if (parentId !== current.parentId && parentId !== null) {
            const movedRows = await tx
              .update(products)
              .set({ categoryId: parentId, updatedAt: new Date() })
              .where(eq(products.subcategoryId, current.id))
              .returning({ id: products.id });
            moved = movedRows.length;
          }
          await recordAudit(tx, {
            actorId,
            action: parentId !== current.parentId ? "category.move" : "category.update",
            entity: "category",
            entityId: String(current.id),
            before: changed.before,
            after: parentId !== current.parentId ? { ...changed.after, products: moved } : changed.after,
          });
          return { status: "saved", row: row ?? current, changed: true };
        }),
      );
    },

    /** Moves a category one place up or down among its siblings; positions become 0, 1, 2… */
    async reorderCategory(actorId: string, input: CategoryReorderInput): Promise<CategoryReorderResult> {
      return db.transaction(async (tx): Promise<CategoryReorderResult> => {
        const current = await lockedCategory(tx, input.id);
        if (!current) return { status: "not_found" };
        const siblings = await tx
          .select({ id: categories.id, position: categories.position })
          .from(categories)
          .where(
            current.parentId === null
              ? isNull(categories.parentId)
              : eq(categories.parentId, current.parentId),
          )
          .orderBy(asc(categories.position), asc(categories.id))
          .for("update");
        const before = siblings.map((row) => row.id);
        const after = reorderSiblings(before, current.id, input.direction);
        if (!after) return { status: "unchanged" };
        const positions = new Map(siblings.map((row) => [row.id, row.position]));
        for (const [index, id] of after.entries()) {
          if (positions.get(id) !== index) {
            await tx.update(categories).set({ position: index }).where(eq(categories.id, id));
          }
        }
        await recordAudit(tx, {
          actorId,
          action: "category.reorder",
          entity: "category",
          entityId: String(current.id),
          before: { position: before.indexOf(current.id) + 1 },
          after: { position: after.indexOf(current.id) + 1 },
        });
        return { status: "moved" };
      });
    },

    /**
     * Deletes a category (a top-level one with its subcategories), refused while any product —
     * published or not — is filed under it or them.
     */
    async deleteCategory(actorId: string, id: number): Promise<CategoryDeleteResult> {
      try {
        return await db.transaction(async (tx): Promise<CategoryDeleteResult> => {
          const current = await lockedCategory(tx, id);
          if (!current) return { status: "not_found" };
          const using = await productsUsing(tx, id);
          if (using > 0) return { status: "in_use", products: using };
          const children = await tx
            .delete(categories)
            .where(eq(categories.parentId, id))
            .returning({ id: categories.id, name: categories.name });
          await tx.delete(categories).where(eq(categories.id, id));
          await recordAudit(tx, {
            actorId,
            action: "category.delete",
            entity: "category",
            entityId: String(id),
            before: { ...categoryAudit(current), children: children.map((child) => child.name) },
          });
          return { status: "deleted", children: children.length };
        });
      } catch (error) {
        // A product filed here between the count and the delete: the foreign key refuses, so do we.
        if (isForeignKeyViolation(error)) return { status: "in_use", products: await productsUsing(db, id) };
        throw error;
      }
    },

    // ——— Merchants ———

    /** /admin/merchant: newest first, searched by name, address name or address. */
    async listMerchants(query: TableState) {
      const text = containsPattern(query.q);
      const where: SQL | undefined = query.q
        ? or(ilike(merchants.name, text), ilike(merchants.slug, text), ilike(merchants.address, text))
        : undefined;
      const [counted] = await db.select({ total: count() }).from(merchants).where(where);
      const total = counted?.total ?? 0;
      const page = clampPage(query.page, total, query.pageSize);
      const productsPerMerchant = db
        // Distinct alias names: drizzle writes a subquery's field unqualified inside sql``.
        .select({ merchantId: products.merchantId, total: count().as("merchant_products") })
        .from(products)
        .groupBy(products.merchantId)
        .as("products_per_merchant");
      const pointsPerMerchant = db
        .select({ merchantId: pickupPoints.merchantId, total: count().as("merchant_points") })
        .from(pickupPoints)
        .groupBy(pickupPoints.merchantId)
        .as("points_per_merchant");
      const rows = await db
        .select({
          id: merchants.id,
          name: merchants.name,
          slug: merchants.slug,
          address: merchants.address,
          logo: merchants.logo,
          freeDelivery: merchants.freeDelivery,
          featured: merchants.featured,
          createdAt: merchants.createdAt,
          updatedAt: merchants.updatedAt,
          products: sql<number>`coalesce(${productsPerMerchant.total}, 0)::int`,
          pickupPoints: sql<number>`coalesce(${pointsPerMerchant.total}, 0)::int`,
        })
        .from(merchants)
        .leftJoin(productsPerMerchant, eq(productsPerMerchant.merchantId, merchants.id))
        .leftJoin(pointsPerMerchant, eq(pointsPerMerchant.merchantId, merchants.id))
        .where(where)
        .orderBy(desc(merchants.createdAt), desc(merchants.id))
        .limit(query.pageSize)
        .offset(page * query.pageSize);
      return { rows, total, page, pageSize: query.pageSize };
    },

    /** One merchant for its edit page, with what a delete would touch and its change history. */
    async getMerchant(id: number) {
      const [merchant] = await db.select().from(merchants).where(eq(merchants.id, id));
      if (!merchant) return null;
      const [[productCount], [pointCount], history] = await Promise.all([
        db.select({ total: count() }).from(products).where(eq(products.merchantId, id)),
        db.select({ total: count() }).from(pickupPoints).where(eq(pickupPoints.merchantId, id)),
        listAudit(db, { entity: "merchant", entityId: String(id), limit: 10 }),
      ]);
      return {
        merchant,
        products: productCount?.total ?? 0,
        pickupPoints: pointCount?.total ?? 0,
        history,
      };
    },

    async createMerchant(
      actorId: string,
      input: MerchantInput,
    ): Promise<SaveResult<typeof merchants.$inferSelect>> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<SaveResult<typeof merchants.$inferSelect>> => {
          if (await slugTaken(tx, merchants, input.slug)) return { status: "slug_taken" };
          const [row] = await tx
            .insert(merchants)
            .values({
              ...input,
              description: input.description ?? "",
              address: input.address ?? "",
              logo: input.logo ?? null,
            })
            .returning();
          if (!row) throw new Error("merchant insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "merchant.create",
            entity: "merchant",
            entityId: String(row.id),
            after: { name: row.name, slug: row.slug },
          });
          return { status: "saved", row, changed: true };
        }),
      );
    },

    /** An edit merges the form into the row and stamps a fresh updatedAt (SPEC §7); no change, no write. */
    async updateMerchant(
      actorId: string,
      id: number,
      input: MerchantInput,
    ): Promise<SaveResult<typeof merchants.$inferSelect>> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<SaveResult<typeof merchants.$inferSelect>> => {
          const [current] = await tx.select().from(merchants).where(eq(merchants.id, id)).for("update");
          if (!current) return { status: "not_found" };
          if (await slugTaken(tx, merchants, input.slug, id)) return { status: "slug_taken" };
          const next = {
            ...input,
            description: input.description ?? "",
            address: input.address ?? "",
            logo: input.logo ?? null,
          };
          const changed = changedFields(current, next, merchantKeys);
          if (!changed) return { status: "saved", row: current, changed: false };
          const [row] = await tx
            .update(merchants)
            .set({ ...next, updatedAt: new Date() })
            .where(eq(merchants.id, id))
            .returning();
          await recordAudit(tx, {
            actorId,
            action: "merchant.update",
            entity: "merchant",
            entityId: String(id),
            ...changed,
          });
          return { status: "saved", row: row ?? current, changed: true };
        }),
      );
    },

    /**
     * Deletes a merchant. Its products stay on sale without a merchant and its pickup points stay
     * open as ordinary points (the database sets their merchant to null); the audit entry keeps
     * how many of each were let go.
     */
    async deleteMerchant(actorId: string, id: number) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(merchants).where(eq(merchants.id, id)).for("update");
        if (!current) return { status: "not_found" as const };
        const [[productCount], [pointCount]] = await Promise.all([
          tx.select({ total: count() }).from(products).where(eq(products.merchantId, id)),
          tx.select({ total: count() }).from(pickupPoints).where(eq(pickupPoints.merchantId, id)),
        ]);
        await tx.delete(merchants).where(eq(merchants.id, id));
        const released = { products: productCount?.total ?? 0, pickupPoints: pointCount?.total ?? 0 };
        await recordAudit(tx, {
          actorId,
          action: "merchant.delete",
          entity: "merchant",
          entityId: String(id),
          before: { name: current.name, slug: current.slug },
          after: released,
        });
        return { status: "deleted" as const, ...released };
      });
    },

    // ——— Brands ———

    /** /admin/brand: in menu order (position), searched by name or address name. */
    async listBrands(query: TableState) {
      const text = containsPattern(query.q);
      const where: SQL | undefined = query.q
        ? or(ilike(brands.name, text), ilike(brands.slug, text))
        : undefined;
      const [counted] = await db.select({ total: count() }).from(brands).where(where);
      const total = counted?.total ?? 0;
      const page = clampPage(query.page, total, query.pageSize);
      const productsPerBrand = db
        .select({ brandId: products.brandId, total: count().as("brand_products") })
        .from(products)
        .groupBy(products.brandId)
        .as("products_per_brand");
      const rows = await db
        .select({
          id: brands.id,
          name: brands.name,
          slug: brands.slug,
          logo: brands.logo,
          isMeat: brands.isMeat,
          position: brands.position,
          products: sql<number>`coalesce(${productsPerBrand.total}, 0)::int`,
        })
        .from(brands)
        .leftJoin(productsPerBrand, eq(productsPerBrand.brandId, brands.id))
        .where(where)
        .orderBy(asc(brands.position), asc(brands.id))
        .limit(query.pageSize)
        .offset(page * query.pageSize);
      return { rows, total, page, pageSize: query.pageSize };
    },

    async getBrand(id: number) {
      const [brand] = await db.select().from(brands).where(eq(brands.id, id));
      if (!brand) return null;
      const [[productCount], history] = await Promise.all([
        db.select({ total: count() }).from(products).where(eq(products.brandId, id)),
        listAudit(db, { entity: "brand", entityId: String(id), limit: 10 }),
      ]);
      return { brand, products: productCount?.total ?? 0, history };
    },

    async createBrand(actorId: string, input: BrandInput): Promise<SaveResult<typeof brands.$inferSelect>> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<SaveResult<typeof brands.$inferSelect>> => {
          if (await slugTaken(tx, brands, input.slug)) return { status: "slug_taken" };
          const [row] = await tx
            .insert(brands)
            .values({ ...input, description: input.description ?? "", logo: input.logo ?? null })
            .returning();
          if (!row) throw new Error("brand insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "brand.create",
            entity: "brand",
            entityId: String(row.id),
            after: { name: row.name, slug: row.slug },
          });
          return { status: "saved", row, changed: true };
        }),
      );
    },

    async updateBrand(
      actorId: string,
      id: number,
      input: BrandInput,
    ): Promise<SaveResult<typeof brands.$inferSelect>> {
      return guardSlug(() =>
        db.transaction(async (tx): Promise<SaveResult<typeof brands.$inferSelect>> => {
          const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for("update");
          if (!current) return { status: "not_found" };
          if (await slugTaken(tx, brands, input.slug, id)) return { status: "slug_taken" };
          const next = { ...input, description: input.description ?? "", logo: input.logo ?? null };
          const changed = changedFields(current, next, brandKeys);
          if (!changed) return { status: "saved", row: current, changed: false };
          const [row] = await tx.update(brands).set(next).where(eq(brands.id, id)).returning();
          await recordAudit(tx, {
            actorId,
            action: "brand.update",
            entity: "brand",
            entityId: String(id),
            ...changed,
          });
          return { status: "saved", row: row ?? current, changed: true };
        }),
      );
    },

    /** Deletes a brand; its products stay on sale without a brand (the database sets it to null). */
    async deleteBrand(actorId: string, id: number) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for("update");
        if (!current) return { status: "not_found" as const };
        const [productCount] = await tx
          .select({ total: count() })
          .from(products)
          .where(eq(products.brandId, id));
        await tx.delete(brands).where(eq(brands.id, id));
        const released = { products: productCount?.total ?? 0 };
        await recordAudit(tx, {
          actorId,
          action: "brand.delete",
          entity: "brand",
          entityId: String(id),
          before: { name: current.name, slug: current.slug },
          after: released,
        });
        return { status: "deleted" as const, ...released };
      });
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
