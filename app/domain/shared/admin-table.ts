/**
 * State of an admin list kept in the URL (SPEC §3 table state: page 0, pageSize 50), so paging and
 * searching work without JavaScript, survive a reload and can be shared. Pages count from 0.
 */
export const DEFAULT_PAGE_SIZE = 50;
const PAGE_SIZES = [20, 50, 100] as const;
const SEARCH_MAX_LENGTH = 100;

export interface TableState {
  page: number;
  pageSize: number;
  /** Free-text search, trimmed; "" for none. */
  q: string;
}

export function parseTableState(params: URLSearchParams): TableState {
  const page = Number(params.get("page") ?? "0");
  const pageSize = Number(params.get("pageSize") ?? DEFAULT_PAGE_SIZE);
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the end (an old link after rows were removed) shows the last page instead. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(page, pageCount(total, pageSize) - 1);
}

/**
 * The query string for the same list with some parameters changed; defaults are left out so URLs
 * stay short, and changing anything but the page goes back to the first page.
 */
export function tableSearch(
  current: URLSearchParams,
  changes: Record<string, string | number | null>,
): string {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(name);
    else next.set(name, String(value));
  }
  if (next.get("page") === "0") next.delete("page");
  if (next.get("pageSize") === String(DEFAULT_PAGE_SIZE)) next.delete("pageSize");
  const query = next.toString();
  return query ? `?${query}` : "?";
}
