/**
 * The back office's two-level category tree (issue 4 item 6): list, create, rename, move,
 * reorder and delete, each in one transaction with its audit entry (DESIGN §4.14).
 */
import { asc, count, eq, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { categories, products } from "~/db/schema/index.ts";
import type {
  CategoryCreateInput,
  CategoryReorderInput,
  CategoryUpdateInput,
} from "~/domain/catalogue/admin-catalogue.schema.ts";
import {
  addChildRefusal,
  type CategoryAdminNode,
  type CategoryAdminTree,
  moveRefusal,
  nextPosition,
  reorderSiblings,
} from "~/domain/catalogue/category-tree.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";

import {
  guardSlug,
  isForeignKeyViolation,
  type SaveResult,
  slugTaken,
} from "./catalogue-admin-shared.server.ts";

export type CategorySaveResult =
  | SaveResult<typeof categories.$inferSelect>
  | { status: "parent_not_top_level" }
  | { status: "cannot_move" };

export type CategoryDeleteResult =
  | { status: "deleted"; children: number }
  | { status: "not_found" }
  | { status: "in_use"; products: number };

export type CategoryReorderResult = { status: "moved" | "unchanged" } | { status: "not_found" };

export type { CategoryAdminNode, CategoryAdminTree };

const categoryKeys = ["name", "nameEn", "slug", "description", "descriptionEn", "image", "parentId"] as const;

const categoryAudit = (row: typeof categories.$inferSelect) => ({
  name: row.name,
  slug: row.slug,
  parentId: row.parentId,
});

export function createCategoryAdminService({ db }: Pick<ServiceDeps, "db">) {
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
        nameEn: row.nameEn,
        slug: row.slug,
        description: row.description,
        descriptionEn: row.descriptionEn,
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
              nameEn: input.nameEn ?? "",
              slug: input.slug,
              description: input.description ?? "",
              descriptionEn: input.descriptionEn ?? "",
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
            nameEn: input.nameEn ?? "",
            slug: input.slug,
            description: input.description ?? "",
            descriptionEn: input.descriptionEn ?? "",
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
  };
}
