import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { DEFAULT_PAGE_SIZE, pageCount, tableSearch } from "~/domain/shared/admin-table.ts";
import { t } from "~/i18n/admin.ts";

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes for the header and the cells of this column (alignment, width). */
  className?: string;
}

/** A column of figures (counts, money, weights): right-aligned, with digits of one width. */
export function numberColumn<Row>(
  id: string,
  header: string,
  cell: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return { id, header, className: "text-right tabular-nums", cell };
}

/** A column linking each row's order by its number to the order's page. */
export function orderColumn<Row extends { orderId: number; number: string }>(
  header: string,
): DataTableColumn<Row> {
  return {
    id: "order",
    header,
    cell: (row) => (
      <Link to={`/admin/order/${row.orderId}`} className="font-semibold text-brand-700 underline">
        {row.number}
      </Link>
    ),
  };
}

/** A column naming each row's member, with their phone below. */
export function memberColumn<Row extends { memberName: string; phone: string }>(
  header: string,
): DataTableColumn<Row> {
  return {
    id: "member",
    header,
    cell: (row) => (
      <span>
        {row.memberName}
        <span className="block text-xs text-stone-500 tabular-nums">{row.phone}</span>
      </span>
    ),
  };
}

/**
 * The one table of the back office (STYLE: one table component for every admin list). The server
 * pages and searches (state in the URL, SPEC §3: page 0, 50 rows); the table draws one page, keeps
 * the ticked rows of that page and hands them to `selectionActions` (e.g. an export button).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowId,
  rowLabel,
  total,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  emptyText,
  selectionActions,
}: {
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowId: (row: Row) => string;
  /** How a screen reader names a row's checkbox ("選取 陳大文"). */
  rowLabel: (row: Row) => string;
  total: number;
  page: number;
  pageSize?: number;
  emptyText: string;
  /** With this, every row gets a checkbox; the actions get the ticked ids and a way to clear them. */
  selectionActions?: (selectedIds: string[], clear: () => void) => ReactNode;
}) {
  const selectable = selectionActions !== undefined;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const ids = rows.map(rowId);
  const idsKey = ids.join(",");
  // A new page or a new search shows other rows: forget ticks on rows no longer shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids
  useEffect(() => {
    setSelected((current) => new Set([...current].filter((id) => ids.includes(id))));
  }, [idsKey]);

  const allTicked = rows.length > 0 && ids.every((id) => selected.has(id));
  const someTicked = !allTicked && ids.some((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allTicked ? new Set() : new Set(ids));
  const clear = () => setSelected(new Set());
  const selectedIds = ids.filter((id) => selected.has(id));

  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm" data-testid="data-table">
      {selectable ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 px-3 py-2 text-sm">
          <span aria-live="polite" className="text-stone-700" data-testid="selection-count">
            {t("admin.table.selected", { count: selectedIds.length })}
          </span>
          {selectedIds.length > 0 ? (
            <button type="button" onClick={clear} className="rounded px-2 py-1 text-brand-700 underline">
              {t("admin.table.clearSelection")}
            </button>
          ) : null}
          <div className="ml-auto flex flex-wrap gap-2">{selectionActions(selectedIds, clear)}</div>
        </div>
      ) : null}
      {/* A wide table scrolls sideways on a phone: keyboard users reach it by Tab, even with no link in it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (axe scrollable-region-focusable) */}
      <section className="overflow-x-auto print:overflow-visible" tabIndex={0} aria-label={caption}>
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-stone-50 text-xs font-semibold text-stone-600">
            <tr>
              {selectable ? (
                <th scope="col" className="w-10 px-3 py-2.5">
                  <HeaderCheckbox checked={allTicked} indeterminate={someTicked} onChange={toggleAll} />
                </th>
              ) : null}
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2.5 ${column.className ?? ""}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length + (selectable ? 1 : 0)}
                  className="px-3 py-10 text-center text-stone-600"
                >
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = rowId(row);
                const ticked = selected.has(id);
                return (
                  <tr key={id} className={ticked ? "bg-brand-50" : "hover:bg-stone-50"} data-row-id={id}>
                    {selectable ? (
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={ticked}
                          onChange={() => toggle(id)}
                          aria-label={t("admin.table.selectRow", { name: rowLabel(row) })}
                        />
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.id} className={`whitespace-nowrap px-3 py-2 ${column.className ?? ""}`}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </section>
      <Pagination total={total} page={page} pageSize={pageSize} shown={rows.length} />
    </div>
  );
}

function HeaderCheckbox({
  checked,
  indeterminate,
  onChange,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 accent-brand-700"
      checked={checked}
      onChange={onChange}
      aria-label={t("admin.table.selectAll")}
    />
  );
}

const pageLinkClass = "flex items-center gap-1 rounded-lg border border-stone-300 px-3 py-1.5";

export function Pagination({
  total,
  page,
  pageSize,
  shown,
}: {
  total: number;
  page: number;
  pageSize: number;
  shown: number;
}) {
  const [searchParams] = useSearchParams();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = page * pageSize + shown;
  const link = (target: number, label: string, icon: ReactNode, disabled: boolean) =>
    disabled ? (
      <span className={`${pageLinkClass} cursor-not-allowed text-stone-500`} aria-disabled="true">
        {icon}
        {label}
      </span>
    ) : (
      <Link
        to={{ search: tableSearch(searchParams, { page: target }) }}
        className={`${pageLinkClass} text-brand-800 hover:bg-brand-50`}
      >
        {icon}
        {label}
      </Link>
    );
  return (
    <nav
      aria-label={t("admin.table.pagination")}
      className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 px-3 py-2.5 text-sm print:hidden"
    >
      <p className="text-stone-700" data-testid="table-range">
        {t("admin.table.range", { from, to, total })}
      </p>
      <div className="flex items-center gap-2">
        {link(
          page - 1,
          t("admin.table.prev"),
          <ChevronLeft className="size-4" aria-hidden="true" />,
          page <= 0,
        )}
        <span className="px-1 text-stone-700 tabular-nums">
          {t("admin.table.page", { page: page + 1, pages })}
        </span>
        {link(
          page + 1,
          t("admin.table.next"),
          <ChevronRight className="order-last size-4" aria-hidden="true" />,
          page >= pages - 1,
        )}
      </div>
    </nav>
  );
}

/**
 * The search box and filters above a table: a GET form, so the URL holds the state and the list
 * works before JavaScript loads. Filters (selects) submit as soon as they change.
 */
export function TableSearch({
  label,
  value,
  filters,
}: {
  label: string;
  value: string;
  filters?: ReactNode;
}) {
  const id = useId();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const pageSize = searchParams.get("pageSize");
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) submit(event.currentTarget);
      }}
    >
      {pageSize ? <input type="hidden" name="pageSize" value={pageSize} /> : null}
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            name="q"
            defaultValue={value}
            key={value}
            maxLength={100}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
          />
          <Button type="submit" size="toolbar" className="flex items-center gap-1">
            <Search className="size-4" aria-hidden="true" />
            {t("admin.table.search")}
          </Button>
        </div>
      </div>
      {filters}
      {searchParams.toString() ? (
        <Link to={{ search: "" }} className="px-2 py-2 text-sm text-brand-700 underline">
          {t("admin.table.clear")}
        </Link>
      ) : null}
    </Form>
  );
}
