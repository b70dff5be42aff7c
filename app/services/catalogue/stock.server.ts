/**
 * /admin/stock (issue 4, DESIGN §4.7): stock per product, adjustments under a row lock, and the CSV
 * import (preview stored in `stock_imports`, then one all-or-nothing transaction) and export.
 * The rules live in domain/catalogue/stock.ts and domain/catalogue/stock-import.ts; this file loads, locks and writes.
 */
import { and, asc, count, desc, eq, ilike, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { members, products, stockImports } from "~/db/schema/index.ts";
import { LOW_STOCK } from "~/domain/catalogue/catalogue.ts";
import {
  applyStockAdjustment,
  type PreviewView,
  type StockAdjustError,
  type StockAdjustInput,
  type StockListQuery,
} from "~/domain/catalogue/stock.ts";
import {
  readStockCsv,
  type StockFileError,
  type StockImportIssue,
  type StockProduct,
} from "~/domain/catalogue/stock-csv.ts";
import {
  isExpired,
  planStockImport,
  type StockImportRow,
  type StockImportSummary,
  staleLines,
  summarize,
} from "~/domain/catalogue/stock-import.ts";
import { clampPage } from "~/domain/shared/admin-table.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

const stockColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  mode: products.mode,
  stock: products.stock,
  priceCents: products.priceCents,
  gatherPriceCents: products.gatherPriceCents,
  marketPriceCents: products.marketPriceCents,
};

export type StockAdjustResult =
  | { status: "ok"; changed: boolean; name: string; stock: number | null }
  | { status: "not_found" }
  | { status: "refused"; error: StockAdjustError; stock: number | null };

export type StockPreviewResult =
  | { status: "file_error"; error: StockFileError }
  | { status: "ok"; id: string };

export type StockCommitResult =
  | { status: "committed"; count: number }
  | { status: "not_found" | "already_committed" | "discarded" | "has_errors" | "expired" }
  | { status: "stale"; lines: number[] };

/** How many problems a preview lists; the rest are counted (a broken 10,000-row file is one fix). */
const PREVIEW_ISSUES_SHOWN = 200;

/** `= any($1::int[])`: one parameter for any number of ids (Postgres allows 65,535 per query). */
const anyInt = (values: readonly number[]) => sql`any(${sql.param(values)}::int[])`;
const anyText = (values: readonly string[]) => sql`any(${sql.param(values)}::text[])`;

export function createStockService({ db }: ServiceDeps) {
  function stockFilter(query: Pick<StockListQuery, "q" | "mode" | "level">): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.q) {
      const text = containsPattern(query.q);
      const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
      conditions.push(
        or(
          ilike(products.name, text),
          ilike(products.nameEn, text),
          ilike(products.slug, text),
          id === null ? undefined : eq(products.id, id),
        ),
      );
    }
    if (query.mode !== "all") conditions.push(eq(products.mode, query.mode));
    if (query.level === "low") conditions.push(lte(products.stock, LOW_STOCK));
    if (query.level === "soldOut") conditions.push(eq(products.stock, 0));
    if (query.level === "unlimited") conditions.push(isNull(products.stock));
    return and(...conditions);
  }

  return {
    /** One page of products, the fewest left first (what needs restocking), unlimited last. */
    async listStock(query: StockListQuery) {
      const where = stockFilter(query);
      return readListPage(
        query,
        db.select({ total: count() }).from(products).where(where),
        db
          .select({ ...stockColumns, isPublished: products.isPublished })
          .from(products)
          .where(where)
          .orderBy(sql`${products.stock} asc nulls last`, asc(products.id))
          .$dynamic(),
      );
    },

    /**
     * DESIGN §4.7: read the row under `FOR UPDATE`, apply the rule, write, audit — one transaction,
     * so concurrent adjustments queue on the row and each sees the one before it.
     */
    async adjustStock(actorId: string, input: StockAdjustInput): Promise<StockAdjustResult> {
      return db.transaction(async (tx): Promise<StockAdjustResult> => {
        const [product] = await tx
          .select({ id: products.id, name: products.name, mode: products.mode, stock: products.stock })
          .from(products)
          .where(eq(products.id, input.productId))
          .for("update");
        if (!product) return { status: "not_found" };
        const outcome = applyStockAdjustment(product, input);
        if (!outcome.ok) return { status: "refused", error: outcome.error, stock: product.stock };
        if (outcome.stock === product.stock) {
          return { status: "ok", changed: false, name: product.name, stock: product.stock };
        }
        await tx
          .update(products)
          .set({ stock: outcome.stock, updatedAt: new Date() })
          .where(eq(products.id, product.id));
        await recordAudit(tx, {
          actorId,
          action: "stock.adjust",
          entity: "product",
          entityId: String(product.id),
          before: { stock: product.stock },
          after: { stock: outcome.stock },
        });
        return { status: "ok", changed: true, name: product.name, stock: outcome.stock };
      });
    },

    /** Every product matching the list's filters, by id: the file the import reads back. */
    async exportStock(query: Pick<StockListQuery, "q" | "mode" | "level">): Promise<StockProduct[]> {
      return db.select(stockColumns).from(products).where(stockFilter(query)).orderBy(asc(products.id));
    },

    /** Reads and checks a file against today's products and stores the plan for the preview. */
    async previewImport(actorId: string, fileName: string, bytes: Uint8Array): Promise<StockPreviewResult> {
      const read = readStockCsv(bytes);
      if (!read.ok) return { status: "file_error", error: read.error };
      const ids = [...new Set(read.rows.flatMap((row) => (row.id === null ? [] : [row.id])))];
      const slugs = [...new Set(read.rows.flatMap((row) => (row.slug === null ? [] : [row.slug])))];
      const found =
        ids.length + slugs.length === 0
          ? []
          : await db
              .select(stockColumns)
              .from(products)
              .where(
                or(
                  ids.length ? sql`${products.id} = ${anyInt(ids)}` : undefined,
                  slugs.length ? sql`${products.slug} = ${anyText(slugs)}` : undefined,
                ),
              );
      const plan = planStockImport(read, found);
      const [stored] = await db
        .insert(stockImports)
        .values({ adminId: actorId, fileName, rows: plan.rows, errors: plan.issues })
        .returning({ id: stockImports.id });
      return { status: "ok", id: stored!.id };
    },

    /**
     * A stored import for its preview page: the summary, the problems and one page of rows; without
     * a chosen view, the rows that change something (when there are any) come first.
     */
    async getImport(id: string, chosen: PreviewView | null, pageQuery: { page: number; pageSize: number }) {
      const [found] = await db
        .select({
          id: stockImports.id,
          fileName: stockImports.fileName,
          status: stockImports.status,
          rows: stockImports.rows,
          errors: stockImports.errors,
          createdAt: stockImports.createdAt,
          committedAt: stockImports.committedAt,
          adminPhone: members.phone,
          adminLastName: members.lastName,
          adminFirstName: members.firstName,
        })
        .from(stockImports)
        .leftJoin(members, eq(stockImports.adminId, members.id))
        .where(eq(stockImports.id, id));
      if (!found) return null;
      const { rows: stored, errors, ...meta } = found;
      const rows = stored as StockImportRow[];
      const issues = errors as StockImportIssue[];
      const view = chosen ?? (rows.some((row) => row.changed) ? "changed" : "all");
      const shown = view === "all" ? rows : rows.filter((row) => row.changed === (view === "changed"));
      const page = clampPage(pageQuery.page, shown.length, pageQuery.pageSize);
      const start = page * pageQuery.pageSize;
      return {
        ...meta,
        summary: summarize(rows, issues) satisfies StockImportSummary,
        issues: issues.slice(0, PREVIEW_ISSUES_SHOWN),
        rows: shown.slice(start, start + pageQuery.pageSize),
        total: shown.length,
        view,
        page,
        pageSize: pageQuery.pageSize,
      };
    },

    /**
     * All or nothing: the import row is locked first (a second commit waits, then finds it
     * committed), the products are locked in id order, any change since the preview refuses the
     * whole file, and one UPDATE … FROM unnest(…) writes every row.
     */
    async commitImport(actorId: string, id: string, now: Date): Promise<StockCommitResult> {
      return db.transaction(async (tx): Promise<StockCommitResult> => {
        const [pending] = await tx.select().from(stockImports).where(eq(stockImports.id, id)).for("update");
        if (!pending) return { status: "not_found" };
        if (pending.status === "committed") return { status: "already_committed" };
        if (pending.status === "discarded") return { status: "discarded" };
        if (pending.errors.length > 0) return { status: "has_errors" };
        if (isExpired(pending.createdAt, now)) return { status: "expired" };

        const changes = (pending.rows as StockImportRow[])
          .filter((row) => row.changed)
          .sort((a, b) => a.productId - b.productId);
        if (changes.length > 0) {
          const ids = changes.map((row) => row.productId);
          const current = await tx
            .select({ ...stockColumns })
            .from(products)
            .where(sql`${products.id} = ${anyInt(ids)}`)
            .orderBy(asc(products.id))
            .for("update");
          const stale = staleLines(changes, new Map(current.map((product) => [product.id, product])));
          if (stale.length > 0) return { status: "stale", lines: stale.sort((a, b) => a - b) };
          const column = <Key extends keyof StockImportRow["after"]>(key: Key) =>
            sql.param(changes.map((row) => row.after[key]));
          await tx.execute(sql`
            update ${products} set
              stock = v.stock,
              price_cents = v.price_cents,
              gather_price_cents = v.gather_price_cents,
              market_price_cents = v.market_price_cents,
              updated_at = now()
            from unnest(
              ${sql.param(ids)}::int[],
              ${column("stock")}::int[],
              ${column("priceCents")}::int[],
              ${column("gatherPriceCents")}::int[],
              ${column("marketPriceCents")}::int[]
            ) as v(id, stock, price_cents, gather_price_cents, market_price_cents)
            where ${products.id} = v.id`);
        }
        await tx
          .update(stockImports)
          .set({ status: "committed", committedAt: now })
          .where(eq(stockImports.id, id));
        await recordAudit(tx, {
          actorId,
          action: "stock.import",
          entity: "stock_import",
          entityId: id,
          after: { fileName: pending.fileName, count: changes.length },
        });
        return { status: "committed", count: changes.length };
      });
    },

    /** Drops a pending import; a committed one stays as it is. */
    async discardImport(id: string): Promise<"discarded" | "not_pending"> {
      const updated = await db
        .update(stockImports)
        .set({ status: "discarded" })
        .where(and(eq(stockImports.id, id), eq(stockImports.status, "pending")))
        .returning({ id: stockImports.id });
      return updated.length > 0 ? "discarded" : "not_pending";
    },

    /** The latest files for the stock page, so a pending preview can be found again. */
    async recentImports(limit = 5) {
      return db
        .select({
          id: stockImports.id,
          fileName: stockImports.fileName,
          status: stockImports.status,
          createdAt: stockImports.createdAt,
          rows: sql<number>`jsonb_array_length(${stockImports.rows})::int`,
          errors: sql<number>`jsonb_array_length(${stockImports.errors})::int`,
        })
        .from(stockImports)
        .orderBy(desc(stockImports.createdAt))
        .limit(limit);
    },
  };
}
