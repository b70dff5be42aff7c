import type { ReactNode } from "react";
import { Form, useMatches, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
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

export const secondaryButton = buttonClass({
  tone: "secondary",
  size: "toolbar",
  className: "flex items-center gap-2",
});
const sectionClass =
  "overflow-hidden rounded-xl bg-white shadow-sm print:break-inside-avoid print:shadow-none";
export const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold text-stone-600";
export const tdClass = "px-3 py-2 align-top";

export const weight = (value: number | null, unit = "") =>
  value === null ? t("admin.none") : `${formatWeight(value)}${unit ? ` ${unit}` : ""}`;

/** A GET form to a view's own address that applies as soon as a control changes (a button without JavaScript). */
export function ViewForm({
  view,
  className,
  children,
}: {
  view: WeeklyOrderView;
  className: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={weeklyOrderPath(view)}
      className={className}
      onChange={(event) => submit(event.currentTarget)}
    >
      {children}
      <noscript>
        <Button type="submit" size="toolbar">
          {t("admin.weekly.show")}
        </Button>
      </noscript>
    </Form>
  );
}

/** A view's filters, kept on the same cycle (and the printable page). */
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
  return (
    <ViewForm view={view} className="flex flex-wrap items-end gap-3 print:hidden">
      <input type="hidden" name="cycle" value={cycleId} />
      {print ? <input type="hidden" name="print" value="1" /> : null}
      {children}
    </ViewForm>
  );
}

/** One printed page of a view (a merchant's purchase, a point's packing): its heading and its table. */
export function ViewSection({
  testId,
  title,
  count,
  caption,
  children,
}: {
  testId: string;
  title: ReactNode;
  /** On the heading's right: how many rows follow. */
  count: string;
  caption: string;
  /** The table's head and body. */
  children: ReactNode;
}) {
  return (
    <section className={`${sectionClass} print:break-after-page`} data-testid={testId}>
      <h2 className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-3 py-2.5">
        <span className="text-lg font-semibold text-stone-900">{title}</span>
        <span className="text-sm text-stone-600">{count}</span>
      </h2>
      <div className="overflow-x-auto print:overflow-visible">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </section>
  );
}

/** Said in place of a view when the cycle has nothing for it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-white p-6 text-center text-stone-600 shadow-sm">{children}</p>;
}
