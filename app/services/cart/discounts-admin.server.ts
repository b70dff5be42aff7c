/**
 * Discount codes in the back office (DESIGN §4.12, issue 5 item 6): list with use counts, add,
 * edit, deactivate and delete, each write in one transaction with its audit entry. A code that has
 * been used (any order names it, even an expired one) is never deleted, so its orders keep saying
 * which code they used: it is deactivated instead.
 */

import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { discountCodes, orders } from "~/db/schema/index.ts";
import {
  type DiscountCodeInput,
  type DiscountListQuery,
  discountCodeValues,
} from "~/domain/cart/admin-discount.schema.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

type CodeRow = typeof discountCodes.$inferSelect;

export type DiscountSaveResult =
  | { status: "saved"; row: CodeRow; changed: boolean }
  | { status: "not_found" }
  | { status: "code_taken" }
  | { status: "limit_below_used"; usedCount: number };

export type DiscountDeleteResult =
  | { status: "deleted"; row: CodeRow }
  | { status: "not_found" }
  | { status: "in_use"; orders: number };

export type DiscountDeactivateResult =
  | { status: "deactivated" | "unchanged"; row: CodeRow }
  | { status: "not_found" };

const codeKeys = [
  "code",
  "description",
  "percentageDiscount",
  "minItemsCents",
  "totalLimit",
  "perMemberLimit",
  "startsAt",
  "endsAt",
  "active",
] as const;

/** PostgreSQL's error code and constraint, as node-postgres reports them (drizzle wraps them in `cause`). */
function pgError(error: unknown): { code?: unknown; constraint?: unknown } {
  const direct = error as { code?: unknown; constraint?: unknown } | null;
  if (direct?.code) return direct;
  return ((error as { cause?: unknown } | null)?.cause ?? {}) as { code?: unknown; constraint?: unknown };
}
const isCodeTaken = (error: unknown) => {
  const pg = pgError(error);
  return pg.code === "23505" && pg.constraint === "discount_codes_code_idx";
};

const audited = (row: CodeRow) => ({
  code: row.code,
  percentageDiscount: row.percentageDiscount,
  active: row.active,
});

export function createDiscountAdminService({ db }: ServiceDeps) {
  async function ordersUsing(executor: Db | Tx, id: number): Promise<number> {
    const [row] = await executor.select({ total: count() }).from(orders).where(eq(orders.discountCodeId, id));
    return row?.total ?? 0;
  }

  return {
    /** /admin/discount: codes by name, searched by code or description, with their use counts. */
    async list(query: DiscountListQuery) {
      const conditions: SQL[] = [];
      if (query.q) {
        const text = containsPattern(query.q);
        conditions.push(or(ilike(discountCodes.code, text), ilike(discountCodes.description, text)) as SQL);
      }
      if (query.status !== "all") conditions.push(eq(discountCodes.active, query.status === "active"));
      const where = and(...conditions);
      return readListPage(
        query,
        db.select({ total: count() }).from(discountCodes).where(where),
        db
          .select()
          .from(discountCodes)
          .where(where)
          .orderBy(asc(discountCodes.code), asc(discountCodes.id))
          .$dynamic(),
      );
    },

    /** One code for its edit page, with the orders that name it and its change history. */
    async get(id: number) {
      const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
      if (!code) return null;
      const [orderCount, history] = await Promise.all([
        ordersUsing(db, id),
        listAudit(db, { entity: "discount_code", entityId: String(id), limit: 10 }),
      ]);
      return { code, orders: orderCount, history };
    },

    async create(actorId: string, input: DiscountCodeInput): Promise<DiscountSaveResult> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(discountCodes).values(discountCodeValues(input)).returning();
          if (!row) throw new Error("discount code insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "discount_code.create",
            entity: "discount_code",
            entityId: String(row.id),
            after: audited(row),
          });
          return { status: "saved", row, changed: true } as const;
        });
      } catch (error) {
        if (isCodeTaken(error)) return { status: "code_taken" };
        throw error;
      }
    },

    /**
     * Merges the form into the code; no change, no write. The row is locked, so a use limit is
     * checked against the use count of this moment (checkouts raise it under the same lock).
     */
    async update(actorId: string, id: number, input: DiscountCodeInput): Promise<DiscountSaveResult> {
      try {
        return await db.transaction(async (tx): Promise<DiscountSaveResult> => {
          const [current] = await tx
            .select()
            .from(discountCodes)
            .where(eq(discountCodes.id, id))
            .for("update");
          if (!current) return { status: "not_found" };
          const next = discountCodeValues(input);
          if (next.totalLimit !== null && next.totalLimit < current.usedCount) {
            return { status: "limit_below_used", usedCount: current.usedCount };
          }
          const changed = changedFields(current, next, codeKeys);
          if (!changed) return { status: "saved", row: current, changed: false };
          const [row] = await tx
            .update(discountCodes)
            .set({ ...next, updatedAt: new Date() })
            .where(eq(discountCodes.id, id))
            .returning();
          await recordAudit(tx, {
            actorId,
            action: "discount_code.update",
            entity: "discount_code",
            entityId: String(id),
            ...changed,
          });
          return { status: "saved", row: row ?? current, changed: true };
        });
      } catch (error) {
        if (isCodeTaken(error)) return { status: "code_taken" };
        throw error;
      }
    },

    /** Refused once any order names the code (or a checkout counted a use): deactivate instead. */
    async remove(actorId: string, id: number): Promise<DiscountDeleteResult> {
      return db.transaction(async (tx): Promise<DiscountDeleteResult> => {
        const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
        if (!current) return { status: "not_found" };
        const used = await ordersUsing(tx, id);
        if (used > 0 || current.usedCount > 0) return { status: "in_use", orders: Math.max(used, 1) };
        await tx.delete(discountCodes).where(eq(discountCodes.id, id));
        await recordAudit(tx, {
          actorId,
          action: "discount_code.delete",
          entity: "discount_code",
          entityId: String(id),
          before: audited(current),
        });
        return { status: "deleted", row: current };
      });
    },

    /** Stops the code being accepted at checkout; orders that used it keep it. */
    async deactivate(actorId: string, id: number): Promise<DiscountDeactivateResult> {
      return db.transaction(async (tx): Promise<DiscountDeactivateResult> => {
        const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
        if (!current) return { status: "not_found" };
        if (!current.active) return { status: "unchanged", row: current };
        const [row] = await tx
          .update(discountCodes)
          .set({ active: false, updatedAt: new Date() })
          .where(eq(discountCodes.id, id))
          .returning();
        await recordAudit(tx, {
          actorId,
          action: "discount_code.deactivate",
          entity: "discount_code",
          entityId: String(id),
          before: { active: true },
          after: { active: false },
        });
        return { status: "deactivated", row: row ?? current };
      });
    },
  };
}
