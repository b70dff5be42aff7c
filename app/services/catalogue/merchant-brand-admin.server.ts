/**
 * The back office's merchants and brands (issue 4 item 6): paged lists with search, create,
 * edit and delete, each write in one transaction with its audit entry (DESIGN §4.14).
 */
import { asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { brands, merchants, pickupPoints, products } from "~/db/schema/index.ts";
import type { BrandInput, MerchantInput } from "~/domain/catalogue/admin-catalogue.schema.ts";
import type { TableState } from "~/domain/shared/admin-table.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import { guardSlug, type SaveResult, slugTaken } from "./catalogue-admin-shared.server.ts";

const merchantKeys = [
  "name",
  "nameEn",
  "slug",
  "description",
  "descriptionEn",
  "address",
  "addressEn",
  "logo",
  "freeDelivery",
  "featured",
] as const;
const brandKeys = [
  "name",
  "nameEn",
  "slug",
  "description",
  "descriptionEn",
  "logo",
  "isMeat",
  "position",
] as const;

/** A valid form as the row's columns: blank optional texts are saved empty, a missing logo as null. */
function merchantValues(input: MerchantInput) {
  return {
    ...input,
    nameEn: input.nameEn ?? "",
    description: input.description ?? "",
    descriptionEn: input.descriptionEn ?? "",
    address: input.address ?? "",
    addressEn: input.addressEn ?? "",
    logo: input.logo ?? null,
  };
}

function brandValues(input: BrandInput) {
  return {
    ...input,
    nameEn: input.nameEn ?? "",
    description: input.description ?? "",
    descriptionEn: input.descriptionEn ?? "",
    logo: input.logo ?? null,
  };
}

export function createMerchantBrandAdminService({ db }: Pick<ServiceDeps, "db">) {
  return {
    /** /admin/merchant: newest first, searched by name, address name or address. */
    async listMerchants(query: TableState) {
      const text = containsPattern(query.q);
      const where: SQL | undefined = query.q
        ? or(ilike(merchants.name, text), ilike(merchants.slug, text), ilike(merchants.address, text))
        : undefined;
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
      return readListPage(
        query,
        db.select({ total: count() }).from(merchants).where(where),
        db
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
          .$dynamic(),
      );
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
          const [row] = await tx.insert(merchants).values(merchantValues(input)).returning();
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
          const next = merchantValues(input);
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
      const productsPerBrand = db
        .select({ brandId: products.brandId, total: count().as("brand_products") })
        .from(products)
        .groupBy(products.brandId)
        .as("products_per_brand");
      return readListPage(
        query,
        db.select({ total: count() }).from(brands).where(where),
        db
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
          .$dynamic(),
      );
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
          const [row] = await tx.insert(brands).values(brandValues(input)).returning();
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
          const next = brandValues(input);
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
