import type { ReactNode } from "react";
import { Form, useMatches, useSubmit } from "react-router";
import { formatWeight, type WeeklyOrderView } from "~/domain/cycles/weekly-order.ts";
import { t } from "~/i18n/admin.ts";

/**
 * What the views of /admin/weekly-order share: their URLs, table classes, the weight in words and
 * the filters' GET form.
 */

/** Each view route names its view in its handle: the frame's tabs and title follow the child shown. */
export interface WeeklyOrderHandle {
  weeklyOrderView: WeeklyOrderView;
}

/** The view the page shows, from the handle of the view route matched. */
export function useWeeklyOrderView(): WeeklyOrderView {
  const matches = useMatches();
  for (const match of matches) {
    const view = (match.handle as Partial<WeeklyOrderHandle> | undefined)?.weeklyOrderView;
    if (view) return view;
  }
  return "products";
}

/** A view's address: the product totals are /admin/weekly-order itself, the others below it. */
export function weeklyOrderPath(view: WeeklyOrderView): string {
  return view === "products" ? "/admin/weekly-order" : `/admin/weekly-order/${view}`;
}

/** A view's address for one cycle, optionally the printable page. */
export function weeklyOrderHref(view: WeeklyOrderView, cycleId: number, print = false): string {
  return `${weeklyOrderPath(view)}?cycle=${cycleId}${print ? "&print=1" : ""}`;
}

export const secondaryButton =
  "flex items-center gap-2 rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";
export const selectClass = "rounded-lg border border-stone-300 bg-white px-3 py-2 text-base font-normal";
export const sectionClass =
  "overflow-hidden rounded-xl bg-white shadow-sm print:break-inside-avoid print:shadow-none";
export const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold text-stone-600";
export const tdClass = "px-3 py-2 align-top";

export const weight = (value: number | null, unit = "") =>
  value === null ? t("admin.none") : `${formatWeight(value)}${unit ? ` ${unit}` : ""}`;

/** A view's filters: a GET form to the view's own address that applies as soon as a control changes. */
export function FilterForm({
  cycleId,
  view,
  print = false,
  children,
}: {
  cycleId: number;
  view: WeeklyOrderView;
  print?: boolean;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={weeklyOrderPath(view)}
      className="flex flex-wrap items-end gap-3 print:hidden"
      onChange={(event) => submit(event.currentTarget)}
    >
      <input type="hidden" name="cycle" value={cycleId} />
      {print ? <input type="hidden" name="print" value="1" /> : null}
      {children}
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white">
          {t("admin.weekly.show")}
        </button>
      </noscript>
    </Form>
  );
}

/** Said in place of a view when the cycle has nothing for it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">{children}</p>;
}
