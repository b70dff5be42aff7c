import { type LucideIcon, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Select } from "~/components/ui/select.tsx";
import { t } from "~/i18n/admin.ts";
import { DataTable, type DataTableColumn } from "./data-table.tsx";

/**
 * Issue 29 item 4: what the back office list pages (brands, merchants, pickup points, districts,
 * products, cycles) share — the heading with its toolbar, the toolbar's links, a filter select and
 * the table of one page of records.
 */

/** The list's heading (and a line under it), its toolbar links on the right. */
export function ListHeader({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-bold text-brand-800">{title}</h1>;
  if (!intro) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading}
        {children}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="max-w-2xl">
        {heading}
        <p className="mt-1 text-stone-700">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** A toolbar link: "add" (the primary button, a plus) or a way to a related list (secondary). */
export function ToolbarLink({
  to,
  label,
  icon: Icon = Plus,
  secondary = false,
}: {
  to: string;
  label: string;
  icon?: LucideIcon;
  secondary?: boolean;
}) {
  const tone = secondary ? "secondary" : "primary";
  return (
    <Link to={to} className={buttonClass({ tone, size: "toolbar", className: "flex items-center gap-2" })}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** A filter of the list's search form: a select that keeps the address's value (`key` resets it). */
export function FilterSelect({
  label,
  name,
  value,
  resetKey,
  fill = false,
  children,
}: {
  label: string;
  name: string;
  value: string;
  /** The address's value: a new one remounts the select with it. */
  resetKey: string;
  /** On phones the select fills its cell of a grid of filters. */
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={`flex ${fill ? "min-w-0 " : ""}flex-col gap-1 text-sm font-medium text-stone-800`}>
      {label}
      <Select
        variant="filter"
        name={name}
        defaultValue={value}
        key={resetKey}
        className={fill ? "w-full sm:w-auto" : undefined}
      >
        {children}
      </Select>
    </label>
  );
}

/**
 * A list with nothing to search but one select: a GET form that applies as soon as the select
 * changes, with a button for browsers without JavaScript. `key` it by the address's value.
 */
export function ChangeFilter({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-2"
      onChange={(event) => submit(event.currentTarget)}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
        {label}
        <Select variant="filter" name={name} defaultValue={value}>
          {children}
        </Select>
      </label>
      <noscript>
        <Button type="submit" size="toolbar">
          {t("admin.table.search")}
        </Button>
      </noscript>
    </Form>
  );
}

/** One page of a list: rows named by `name`, with the pager (50 a page). */
export function ListTable<Row extends { id: number; name: string }>({
  title,
  columns,
  list,
  emptyText,
  selectionActions,
}: {
  title: string;
  columns: DataTableColumn<Row>[];
  list: { rows: Row[]; total: number; page: number; pageSize: number };
  emptyText: string;
  selectionActions?: (selectedIds: string[], clear: () => void) => ReactNode;
}) {
  return (
    <DataTable
      caption={title}
      columns={columns}
      rows={list.rows}
      rowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      total={list.total}
      page={list.page}
      pageSize={list.pageSize}
      emptyText={emptyText}
      selectionActions={selectionActions}
    />
  );
}

/** The name cell of a list: a link to the record's page, with its small picture when it has one. */
export function NameCell({
  to,
  name,
  label,
  image,
  cover = false,
}: {
  to: string;
  name: string;
  /** What a screen reader says of the link ("edit <name>"). */
  label: string;
  image: string | null;
  /** Crop the picture to fill (a banner) rather than fit (a logo). */
  cover?: boolean;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 font-semibold text-brand-700 underline"
      aria-label={label}
    >
      {image ? (
        <img
          src={image}
          alt=""
          className={`size-8 shrink-0 rounded ${cover ? "object-cover" : "object-contain"}`}
          loading="lazy"
        />
      ) : null}
      {name}
    </Link>
  );
}
