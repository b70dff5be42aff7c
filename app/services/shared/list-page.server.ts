import type { PgSelect } from "drizzle-orm/pg-core";
import { clampPage } from "~/domain/shared/admin-table.ts";

/** One page of a back office list, with the total for paging (SPEC §3 table state). */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Counts the matching rows, moves a page past the end back to the last page, then reads that page.
 * `rows` is the list's query (made `.$dynamic()`) without its limit and offset.
 */
export async function readListPage<Query extends PgSelect>(
  paging: { page: number; pageSize: number },
  counting: PromiseLike<{ total: number }[]>,
  rows: Query,
): Promise<ListPage<Awaited<Query>[number]>> {
  const [counted] = await counting;
  const total = counted?.total ?? 0;
  const page = clampPage(paging.page, total, paging.pageSize);
  const found: Awaited<Query> = await rows.limit(paging.pageSize).offset(page * paging.pageSize);
  return { rows: found, total, page, pageSize: paging.pageSize };
}
