/**
 * What the catalogue's back office writes share: slugs kept unique (also under a
 * concurrent save), PostgreSQL's constraint errors, and the result of a save.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import type { brands, categories, merchants } from "~/db/schema/index.ts";

/** PostgreSQL's unique_violation, as node-postgres reports it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}

/** PostgreSQL's foreign_key_violation: a product was saved into a category while it was being deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23503" || code((error as { cause?: unknown } | null)?.cause) === "23503";
}

export type SaveResult<Row> =
  | { status: "saved"; row: Row; changed: boolean }
  | { status: "not_found" }
  | { status: "slug_taken" };

export async function slugTaken(
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
export async function guardSlug<Result>(
  write: () => Promise<Result>,
): Promise<Result | { status: "slug_taken" }> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "slug_taken" };
    throw error;
  }
}
