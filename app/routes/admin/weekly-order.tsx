import { Outlet, redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { RecordErrorPanel } from "~/components/admin/record-error-panel.tsx";
import { CyclePicker, CycleSummaryLine, Toolbar } from "~/components/admin/weekly-order/header.tsx";
import { useWeeklyOrderView, weeklyOrderPath } from "~/components/admin/weekly-order/shared.tsx";
import { parseWeeklyOrderQuery, weeklyOrderViews } from "~/domain/cycles/weekly-order.ts";
import { t } from "~/i18n/admin.ts";
import { notFound } from "~/web/record-route.ts";
import type { Route } from "./+types/weekly-order.ts";

export const meta: Route.MetaFunction = () => adminMeta("admin.weekly.title");

/**
 * /admin/weekly-order?cycle=&print= (issue 6 item 6): the frame of one cycle's weekly order — the
 * cycle picker, what its orders come to, the views' tabs and files. Its views are child routes:
 * product totals (/admin/weekly-order), packing lists per pickup point (…/packing), purchase lists
 * per merchant (…/purchase) and the weighing form (…/weighing). Without `cycle`, the latest cycle
 * with paid orders. The former `?view=` addresses are sent to the view's own address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const formerView = url.searchParams.get("view");
  if (formerView !== null) throw redirect(formerViewAddress(url, formerView), 301);
  const query = parseWeeklyOrderQuery(url.searchParams);
  const service = context.services.cycles.weeklyOrder;
  const [options, latest] = await Promise.all([
    service.cycleOptions(),
    query.cycleId === null ? service.latestCycleWithOrders() : null,
  ]);
  const cycleId = query.cycleId ?? latest;
  const base = {
    print: query.print,
    options: options.map((option) => ({ ...option, cutoffAt: option.cutoffAt.toISOString() })),
  };
  if (cycleId === null) return { ...base, cycle: null };
  const summary = await service.summary(cycleId);
  if (!summary) notFound();
  const cycle = {
    ...summary,
    cycle: {
      id: summary.cycle.id,
      status: summary.cycle.status,
      cutoffAt: summary.cycle.cutoffAt.toISOString(),
      pickupFrom: summary.cycle.pickupFrom,
      pickupTo: summary.cycle.pickupTo,
    },
  };
  return { ...base, cycle };
}

/** `/admin/weekly-order?view=packing&cycle=3` → `/admin/weekly-order/packing?cycle=3` (an unknown view: the totals). */
function formerViewAddress(url: URL, view: string): string {
  const params = new URLSearchParams(url.search);
  for (const name of ["view", "_routes", "index"]) params.delete(name);
  const search = params.toString();
  const known = weeklyOrderViews.find((value) => value === view) ?? "products";
  return `${weeklyOrderPath(known)}${search ? `?${search}` : ""}`;
}

export default function WeeklyOrder({ loaderData }: Route.ComponentProps) {
  const { cycle, print, options } = loaderData;
  const view = useWeeklyOrderView();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">
          {t("admin.weekly.title")}
          {print ? ` · ${t(`admin.weekly.view.${view}`)}` : null}
        </h1>
        <CyclePicker view={view} options={options} selected={cycle?.cycle.id} />
      </div>
      {cycle ? (
        <>
          <CycleSummaryLine cycle={cycle} />
          <Toolbar cycleId={cycle.cycle.id} view={view} print={print} />
          <Outlet />
        </>
      ) : (
        <p className="rounded-xl bg-white p-6 text-stone-700 shadow-sm">{t("admin.weekly.noCycle")}</p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RecordErrorPanel
      error={error}
      notFound="admin.weekly.notFound"
      back={{ to: "/admin/weekly-order", label: "admin.weekly.title" }}
    />
  );
}
