import { ArrowLeft, Printer } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { OrderStatusBadge } from "~/components/admin/order-status-badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { adminOrderFilterParams, parseAdminOrderQuery } from "~/domain/orders/admin-order.schema.ts";
import { formatHkAdminTime } from "~/domain/shared/hk-time.ts";
import { formatCents } from "~/domain/shared/money.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/order-print.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.orders.printTitle");

/**
 * /admin/order/print?same filters as the list : the orders on paper for a pickup point's staff —
 * code, member, goods and a column to sign — outside the back office frame, laid out for A4.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = parseAdminOrderQuery(new URL(request.url).searchParams);
  const service = context.services.orders.admin;
  const [printed, options] = await Promise.all([service.printRows(query), service.filterOptions()]);
  const cycle = options.cycles.find((row) => row.id === query.cycleId);
  const point = options.points.find((row) => row.id === query.pickupPointId);
  const chosen = [
    cycle ? t("admin.orders.print.cycle", { cutoff: formatHkAdminTime(cycle.cutoffAt) }) : null,
    point ? t("admin.orders.print.point", { name: point.name }) : null,
    query.status ? t(`admin.orders.status.${query.status}`) : null,
    query.paymentMethod ? t(`admin.orders.method.${query.paymentMethod}`) : null,
    query.q ? t("admin.orders.print.search", { q: query.q }) : null,
  ].filter((text): text is string => text !== null);
  return {
    ...printed,
    filters: chosen.length > 0 ? chosen.join(" · ") : t("admin.orders.print.all"),
    printedAt: formatHkAdminTime(new Date()),
    listSearch: adminOrderFilterParams(query).toString(),
  };
}

const cell = "border border-stone-300 px-2 py-1.5 align-top";
const scroller = "mt-4 overflow-x-auto print:overflow-visible";

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <main className="mx-auto max-w-5xl bg-white p-4 text-sm print:max-w-none print:p-0">
      <style>{"@page { size: A4; margin: 12mm; }"}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a
          href={`/admin/order${loaderData.listSearch ? `?${loaderData.listSearch}` : ""}`}
          className="inline-flex items-center gap-1 text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t("admin.orders.print.back")}
        </a>
        <Button size="toolbar" onClick={() => window.print()} className="flex items-center gap-2">
          <Printer className="size-4" aria-hidden="true" />
          {t("admin.orders.print.button")}
        </Button>
      </div>
      <h1 className="text-xl font-bold">{t("admin.orders.printTitle")}</h1>
      <p className="mt-1 text-stone-700">
        {loaderData.filters} · {t("admin.orders.print.count", { count: rows.length })} ·{" "}
        {t("admin.orders.print.printedAt", { at: loaderData.printedAt })}
      </p>
      {loaderData.truncated ? (
        <p className="mt-1 font-semibold text-accent-600">
          {t("admin.orders.print.truncated", { count: rows.length })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6 text-stone-600">{t("admin.orders.empty")}</p>
      ) : (
        <>
          {/* A wide table scrolls sideways on a phone: keyboard users reach it by Tab. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (axe scrollable-region-focusable) */}
          <section className={scroller} tabIndex={0} aria-label={t("admin.orders.printTitle")}>
            <table className="w-full border-collapse text-left">
              <thead className="bg-stone-100 print:bg-transparent">
                <tr>
                  <th scope="col" className={cell}>
                    {t("admin.orders.col.number")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("admin.orders.col.member")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("admin.orders.col.point")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("admin.orders.csv.pickupCode")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("admin.orders.csv.lines")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("admin.orders.col.status")}
                  </th>
                  <th scope="col" className={`${cell} w-24`}>
                    {t("admin.orders.print.signature")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="break-inside-avoid" data-testid="print-row">
                    <td className={`${cell} whitespace-nowrap tabular-nums`}>
                      {row.number}
                      <div className="text-xs text-stone-600">{formatCents(row.payableCents)}</div>
                    </td>
                    <td className={cell}>
                      {row.memberName}
                      <div className="tabular-nums text-stone-700">{row.phone}</div>
                    </td>
                    <td className={cell}>{row.pointName}</td>
                    <td className={`${cell} font-mono font-bold tracking-widest`}>{row.pickupCode}</td>
                    <td className={cell}>
                      <ul>
                        {row.lines.map((line, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines, fixed in order
                          <li key={index} className={line.status === "active" ? "" : "line-through"}>
                            {`${line.name} × ${line.quantity}`}
                          </li>
                        ))}
                      </ul>
                      {row.remark ? <p className="mt-1 text-xs text-stone-600">{row.remark}</p> : null}
                    </td>
                    <td className={cell}>
                      <OrderStatusBadge status={row.status} awaitingConfirmation={row.awaitingConfirmation} />
                    </td>
                    <td className={cell} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </main>
  );
}

/** A member who is not an admin gets the forbidden page (this view sits outside the admin frame). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">
        {forbidden ? t("error.forbidden.title") : t("error.server.title")}
      </h1>
      <p className="text-stone-700">{forbidden ? t("error.forbidden.body") : t("error.server.body")}</p>
    </main>
  );
}
